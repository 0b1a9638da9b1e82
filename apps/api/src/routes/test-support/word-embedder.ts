/**
 * @module A deterministic Embedder for route tests: a text's vector counts its lowercase words
 * (a few function words left out) in hashed buckets and is L2-normalised, so texts sharing words
 * are similar.
 */
import type { Embedder } from '@quarry/core';

const functionWords = new Set([
  'a',
  'an',
  'the',
  'is',
  'are',
  'of',
  'to',
  'in',
  'on',
  'at',
  'it',
  'its',
  'what',
  'how',
  'does',
  'we',
]);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !functionWords.has(word));
}

export function createWordEmbedder(dimension = 64): Embedder {
  return {
    modelId: `word-buckets-${dimension}`,
    dimension,
    embed(texts: readonly string[]): Promise<Float32Array[]> {
      return Promise.resolve(
        texts.map((text) => {
          const vector = new Float32Array(dimension);
          for (const term of words(text)) {
            let hash = 0;
            for (const character of term) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
            vector[hash % dimension] = (vector[hash % dimension] ?? 0) + 1;
          }
          const norm = Math.hypot(...vector);
          return norm > 0 ? vector.map((value) => value / norm) : vector;
        }),
      );
    },
  };
}
