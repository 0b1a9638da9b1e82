/**
 * @module The starting point of training: a row per token seen in the training texts (plus shared
 * rows for unseen tokens), each a random direction whose length is the token's IDF.
 */
import type { PairSourceCollection } from './pair-sources.js';
import type { RandomSource } from '@quarry/core';
import type { StaticEmbeddingModel } from './static-embedding-model.js';

export interface InitialiseModelOptions {
  collection: PairSourceCollection;
  vocabularySize: number;
  dimension: number;
  ignoredTokens: Uint8Array;
  /** Multiplies each token's initial length (stopwords start short). */
  tokenScales: Float32Array;
  unseenTokenBuckets: number;
  random: RandomSource;
}

/**
 * Rows: row 0 is a zero vector for ignored tokens; every token the training texts contain gets a row
 * of its own; tokens they never contain share `unseenTokenBuckets` rows by a hash of their id (they
 * get no gradient, so a row of their own would only cost space; collisions between two rare unseen
 * tokens in the same pair of texts are unlikely).
 *
 * Each row starts as a random Gaussian direction with length equal to its token's IDF over the
 * training texts (BM25's non-negative IDF). Mean pooling then approximates TF-IDF cosine similarity
 * (random directions are nearly orthogonal), a strong lexical starting point; unseen tokens keep the
 * largest IDF, so rare words still match themselves after training.
 */
export function initialiseModel(options: InitialiseModelOptions): StaticEmbeddingModel {
  const {
    collection,
    vocabularySize,
    dimension,
    ignoredTokens,
    tokenScales,
    unseenTokenBuckets,
    random,
  } = options;
  const documentFrequency = new Uint32Array(vocabularySize);
  const seen = new Uint8Array(vocabularySize);
  for (const text of collection.frequencyTexts) {
    for (const token of text) {
      if (seen[token]) continue;
      seen[token] = 1;
      documentFrequency[token]! += 1;
    }
    for (const token of text) seen[token] = 0;
  }
  const textCount = collection.frequencyTexts.length;
  const inverseDocumentFrequency = (frequency: number): number =>
    Math.log(1 + (textCount - frequency + 0.5) / (frequency + 0.5));

  const tokenToRow = new Int32Array(vocabularySize);
  const rowScales: number[] = [0];
  for (let token = 0; token < vocabularySize; token += 1) {
    if (ignoredTokens[token] || documentFrequency[token] === 0) continue;
    tokenToRow[token] = rowScales.length;
    rowScales.push(inverseDocumentFrequency(documentFrequency[token]!) * tokenScales[token]!);
  }
  const firstBucket = rowScales.length;
  for (let bucket = 0; bucket < unseenTokenBuckets; bucket += 1)
    rowScales.push(inverseDocumentFrequency(0));
  for (let token = 0; token < vocabularySize; token += 1) {
    if (!ignoredTokens[token] && documentFrequency[token] === 0) {
      tokenToRow[token] = firstBucket + (hashTokenId(token) % unseenTokenBuckets);
    }
  }

  const embeddings = new Float32Array(rowScales.length * dimension);
  const scale = 1 / Math.sqrt(dimension);
  rowScales.forEach((rowScale, row) => {
    for (let dim = 0; dim < dimension; dim += 1) {
      embeddings[row * dimension + dim] = random.nextGaussian() * rowScale * scale;
    }
  });
  return { vocabularySize, dimension, embeddings, tokenToRow, ignoredTokens };
}

/** A fixed integer mix (from MurmurHash3's finaliser), so bucket assignment never changes. */
function hashTokenId(token: number): number {
  let value = Math.imul(token ^ (token >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}
