/**
 * @module The word-vector channel of the shipped model: the most frequent GloVe words, quantised
 * to Int8 and written beside model.onnx (`word-vectors.*`, read by @quarry/encoder and used by
 * answer and in-paper ranking as the word-match term). Deterministic: the same GloVe file and size
 * give the same bytes.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { quantiseWordVectors, wordVectorFileNames, writeWordVectorFiles } from '@quarry/encoder';
import { gloveSource, readGloveVectors } from '../corpora/glove-vectors.js';

/** 150K words x 100 dimensions = 15 MB: the shipped folder stays under 60 MB beside model.onnx. */
export const defaultWordVectorVocabulary = 150_000;

export interface WordVectorChannelResult {
  words: number;
  dimension: number;
  bytes: number;
}

export async function writeWordVectorChannel(options: {
  gloveFile: string;
  outDir: string;
  vocabulary?: number;
}): Promise<WordVectorChannelResult> {
  const table = await readGloveVectors({
    file: options.gloveFile,
    limit: options.vocabulary ?? defaultWordVectorVocabulary,
  });
  const rows = quantiseWordVectors(table.vectors, table.dimension);
  await writeWordVectorFiles({
    directory: options.outDir,
    description: {
      id: `glove-6b-${table.dimension}d-${table.words.length}`,
      dimension: table.dimension,
      source: gloveSource,
      licence: 'PDDL-1.0 (GloVe vectors); MIT (the npm package)',
    },
    words: table.words,
    rows,
  });
  let bytes = 0;
  for (const name of Object.values(wordVectorFileNames)) {
    bytes += (await stat(join(options.outDir, name))).size;
  }
  return { words: table.words.length, dimension: table.dimension, bytes };
}
