import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  quantiseWordVectors,
  readWordVectorFiles,
  wordVectorFileNames,
  writeWordVectorFiles,
} from './word-vectors-file.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const created = await mkdtemp(join(tmpdir(), 'quarry-word-vectors-'));
  folders.push(created);
  return created;
}

describe('word-vector files', () => {
  it('round-trip words and Int8 rows, with cosine similarity within rounding', async () => {
    const directory = await folder();
    const vectors = [
      Float32Array.from([3, 4, 0]),
      Float32Array.from([4, 3, 0]),
      Float32Array.from([0, 0, -2]),
    ];
    await writeWordVectorFiles({
      directory,
      description: { id: 'test', dimension: 3, source: 'hand-made', licence: 'none' },
      words: ['alpha', 'beta', 'gamma'],
      rows: quantiseWordVectors(vectors, 3),
    });
    const table = await readWordVectorFiles(directory);
    expect(table).toMatchObject({ id: 'test', dimension: 3, size: 3 });
    const alpha = table?.rowOf('alpha') ?? -1;
    const beta = table?.rowOf('beta') ?? -1;
    const gamma = table?.rowOf('gamma') ?? -1;
    expect(table?.rowOf('delta')).toBeUndefined();
    expect(table?.similarity(alpha, beta)).toBeCloseTo(24 / 25, 2);
    expect(table?.similarity(alpha, gamma)).toBeCloseTo(0, 5);
    expect(table?.similarity(gamma, gamma)).toBe(1);
  });

  it('is undefined for a folder without them, and names the file when the description is broken', async () => {
    const directory = await folder();
    expect(await readWordVectorFiles(directory)).toBeUndefined();
    await writeFile(join(directory, wordVectorFileNames.description), '{not json');
    await expect(readWordVectorFiles(directory)).rejects.toThrow(/word-vector description/);
  });

  it('rejects a table whose size does not match its words', async () => {
    const directory = await folder();
    await writeWordVectorFiles({
      directory,
      description: { id: 'test', dimension: 3, source: 'hand-made', licence: 'none' },
      words: ['alpha', 'beta'],
      rows: new Int8Array(3),
    });
    await expect(readWordVectorFiles(directory)).rejects.toThrow(/2 words need 6 values/);
  });
});
