/**
 * @module Training pairs for the contrastive objective: a query-side and a document-side token
 * sequence that belong together. Each source draws its pairs through a sampler that walks a seeded
 * permutation without replacement, so no batch holds the same item twice (a false in-batch negative).
 */
import type { RandomSource } from '@quarry/core';

export const pairSourceNames = [
  'scirex-inverse-cloze',
  'dataset-name-description',
  'citance-description',
  'query-halves',
  'wordnet-definitions',
] as const;

export type PairSourceName = (typeof pairSourceNames)[number];

export interface TokenPair {
  query: Int32Array;
  document: Int32Array;
}

/** Builds pair number `index` of a source; may use randomness (which sentence to drop, where to cut). */
export type PairBuilder = (index: number, random: RandomSource) => TokenPair;

export interface PairSource {
  name: PairSourceName;
  /** Number of distinct items (one epoch). */
  size: number;
  build: PairBuilder;
}

export interface PairSampler {
  readonly source: PairSource;
  /** The next `count` pairs, each item at most once per epoch. */
  nextBatch(count: number): TokenPair[];
}

export function createPairSampler(source: PairSource, random: RandomSource): PairSampler {
  let order: number[] = [];
  let cursor = 0;
  const reshuffle = (): void => {
    order = random.shuffle(Array.from({ length: source.size }, (_, index) => index));
    cursor = 0;
  };
  reshuffle();
  return {
    source,
    nextBatch(count) {
      const batchSize = Math.min(count, source.size);
      // Start a fresh epoch rather than let a batch straddle two (which could repeat an item).
      if (cursor + batchSize > order.length) reshuffle();
      const pairs: TokenPair[] = [];
      for (let taken = 0; taken < batchSize; taken += 1) {
        pairs.push(source.build(order[cursor]!, random));
        cursor += 1;
      }
      return pairs;
    },
  };
}

/** Concatenates token sequences, stopping at `maxTokens`. */
export function concatenateTokens(parts: readonly Int32Array[], maxTokens: number): Int32Array {
  const total = Math.min(
    parts.reduce((sum, part) => sum + part.length, 0),
    maxTokens,
  );
  const output = new Int32Array(total);
  let offset = 0;
  for (const part of parts) {
    if (offset >= total) break;
    const taken = part.subarray(0, total - offset);
    output.set(taken, offset);
    offset += taken.length;
  }
  return output;
}
