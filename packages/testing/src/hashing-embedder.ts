/**
 * @module A small deterministic Embedder for tests: each analysed term of a text adds a fixed
 * pseudo-random unit direction (from a hash of the term), and the sum is L2-normalised, so texts
 * sharing terms are similar and the same text always gets the same vector. `synonyms` maps a term
 * to the term whose direction it shares, to simulate a model that knows a paraphrase.
 */
import type { Embedder } from '@quarry/core';
import { analyze } from '@quarry/text';

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function directionOf(term: string, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  let state = hashOf(term) || 1;
  for (let index = 0; index < dimension; index++) {
    // xorshift32: a fixed sequence per term.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    vector[index] = ((state >>> 0) / 4294967296) * 2 - 1;
  }
  return vector;
}

export interface HashingEmbedder extends Embedder {
  /** How many texts `embed` has been asked for so far. */
  readonly embeddedTexts: number;
}

export function createHashingEmbedder(
  options: {
    dimension?: number;
    synonyms?: Readonly<Record<string, string>>;
    modelId?: string;
  } = {},
): HashingEmbedder {
  const dimension = options.dimension ?? 32;
  const synonyms = options.synonyms ?? {};
  let embeddedTexts = 0;
  return {
    modelId: options.modelId ?? `hashing-${dimension}`,
    dimension,
    get embeddedTexts() {
      return embeddedTexts;
    },
    embed(texts: readonly string[]): Promise<Float32Array[]> {
      embeddedTexts += texts.length;
      return Promise.resolve(
        texts.map((text) => {
          const sum = new Float32Array(dimension);
          for (const term of analyze(text)) {
            const direction = directionOf(synonyms[term] ?? term, dimension);
            for (let index = 0; index < dimension; index++)
              sum[index] = (sum[index] ?? 0) + (direction[index] ?? 0);
          }
          let norm = 0;
          for (const value of sum) norm += value * value;
          const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
          return sum.map((value) => value * scale);
        }),
      );
    },
  };
}
