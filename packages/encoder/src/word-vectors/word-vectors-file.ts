/**
 * @module The word-vector files of a model folder: `word-vectors.json` (what the table is),
 * `word-vectors.txt` (one lowercased word a line, most frequent first) and `word-vectors.i8`
 * (one row of signed bytes a word: the L2-normalised vector times 127, rounded). Int8 keeps a
 * 150K-word, 100-dimensional table at 15 MB, and the cosine of two rows loses under 1% to rounding.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@quarry/core';
import type { WordVectors } from '@quarry/core';

export const wordVectorFileNames = {
  description: 'word-vectors.json',
  words: 'word-vectors.txt',
  rows: 'word-vectors.i8',
} as const;

export interface WordVectorsDescription {
  format: 'quarry-word-vectors-int8';
  id: string;
  dimension: number;
  size: number;
  /** Where the vectors come from and under which licence (shown in the model card too). */
  source: string;
  licence: string;
}

const scale = 127;

/** Row-major Int8 vectors (each row L2-normalised times 127) with their words, as a WordVectors. */
export function createWordVectors(options: {
  id: string;
  words: readonly string[];
  rows: Int8Array;
  dimension: number;
}): WordVectors {
  const { words, rows, dimension } = options;
  if (rows.length !== words.length * dimension) {
    throw new AppError({
      code: 'invalid_input',
      message: `word vectors: ${words.length} words need ${words.length * dimension} values, the table has ${rows.length}`,
      fix: 'rebuild the word-vector files with quarry train encoder',
    });
  }
  const rowByWord = new Map<string, number>();
  words.forEach((word, row) => {
    if (!rowByWord.has(word)) rowByWord.set(word, row);
  });
  const denominator = scale * scale;
  return {
    id: options.id,
    dimension,
    size: words.length,
    rowOf: (word) => rowByWord.get(word),
    similarity(leftRow, rightRow) {
      if (leftRow === rightRow) return 1;
      const left = leftRow * dimension;
      const right = rightRow * dimension;
      let sum = 0;
      for (let offset = 0; offset < dimension; offset++) {
        sum += rows[left + offset]! * rows[right + offset]!;
      }
      return sum / denominator;
    },
  };
}

/** Quantises float vectors (any length) to the file's Int8 rows, L2-normalising each first. */
export function quantiseWordVectors(
  vectors: readonly Float32Array[],
  dimension: number,
): Int8Array {
  const rows = new Int8Array(vectors.length * dimension);
  vectors.forEach((vector, row) => {
    let norm = 0;
    for (let offset = 0; offset < dimension; offset++) norm += (vector[offset] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let offset = 0; offset < dimension; offset++) {
      rows[row * dimension + offset] = Math.round(((vector[offset] ?? 0) / norm) * scale);
    }
  });
  return rows;
}

export async function writeWordVectorFiles(options: {
  directory: string;
  description: Omit<WordVectorsDescription, 'format' | 'size'>;
  words: readonly string[];
  rows: Int8Array;
}): Promise<void> {
  const { directory, words, rows } = options;
  const description: WordVectorsDescription = {
    format: 'quarry-word-vectors-int8',
    ...options.description,
    size: words.length,
  };
  await writeFile(
    join(directory, wordVectorFileNames.description),
    `${JSON.stringify(description, null, 2)}\n`,
  );
  await writeFile(join(directory, wordVectorFileNames.words), `${words.join('\n')}\n`);
  await writeFile(join(directory, wordVectorFileNames.rows), rows);
}

/** The folder's word vectors, or undefined when it has none (any ONNX folder still loads). */
export async function readWordVectorFiles(directory: string): Promise<WordVectors | undefined> {
  const descriptionFile = join(directory, wordVectorFileNames.description);
  if (!existsSync(descriptionFile)) return undefined;
  const where = `${directory}/${wordVectorFileNames.description}`;
  let description: WordVectorsDescription;
  try {
    description = JSON.parse(await readFile(descriptionFile, 'utf8')) as WordVectorsDescription;
  } catch (cause) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the word-vector description is not valid JSON',
      where,
      fix: 'rebuild the word-vector files with quarry train encoder, or delete them',
      cause,
    });
  }
  if (
    description.format !== 'quarry-word-vectors-int8' ||
    !Number.isInteger(description.dimension) ||
    description.dimension < 1
  ) {
    throw new AppError({
      code: 'invalid_input',
      message: `unsupported word-vector format ${JSON.stringify(description.format)} or dimension`,
      where,
      fix: 'rebuild the word-vector files with quarry train encoder, or delete them',
    });
  }
  const wordsText = await readFile(join(directory, wordVectorFileNames.words), 'utf8');
  const words = wordsText.split('\n');
  if (words.at(-1) === '') words.pop();
  const bytes = await readFile(join(directory, wordVectorFileNames.rows));
  const rows = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return createWordVectors({
    id: description.id,
    words,
    rows,
    dimension: description.dimension,
  });
}
