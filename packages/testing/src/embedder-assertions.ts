/**
 * @module Entry `@quarry/testing/embedder-assertions` (it imports vitest, so it stays off the main
 * entry): assertions every Embedder must pass — unit-length vectors, and batch results equal to
 * one-text-at-a-time results within 1e-5.
 */
import { expect } from 'vitest';
import type { Embedder } from '@quarry/core';

/** Texts of very different lengths, so batches pad. */
export const sampleTexts = [
  'Cityscapes',
  'We want to build a system for semantic image segmentation for self-driving cars.',
  'A large-scale dataset of urban street scenes with pixel-level annotations for 30 classes, recorded in 50 cities.',
  'question answering',
  'The Normans were the people who in the 10th and 11th centuries gave their name to Normandy, a region in France.',
  'What is the name of the region the Normans gave their name to?',
];

export function expectUnitVectors(vectors: readonly Float32Array[], dimension: number): void {
  for (const vector of vectors) {
    expect(vector).toBeInstanceOf(Float32Array);
    expect(vector.length).toBe(dimension);
    const norm = Math.hypot(...vector);
    expect(Math.abs(norm - 1)).toBeLessThan(1e-5);
  }
}

export async function expectBatchMatchesSingles(
  embedder: Embedder,
  texts: readonly string[],
): Promise<void> {
  const batched = await embedder.embed(texts);
  for (const [index, text] of texts.entries()) {
    const [single] = await embedder.embed([text]);
    const difference = Math.max(
      ...single!.map((value, dim) => Math.abs(value - (batched[index]?.[dim] ?? NaN))),
    );
    expect(difference).toBeLessThan(1e-5);
  }
}
