import { describe, expect, it } from 'vitest';
import { infoNceLoss } from './info-nce-loss.js';
import { createSeededRandom } from '@quarry/core';
import { accumulateGradients, poolBatch } from './static-embedding-model.js';
import type { StaticEmbeddingModel } from './static-embedding-model.js';

const dimension = 4;
const vocabularySize = 6;

function smallModel(): StaticEmbeddingModel {
  const random = createSeededRandom(3);
  // Token 0 is ignored; tokens 4 and 5 share row 4.
  const tokenToRow = Int32Array.from([0, 1, 2, 3, 4, 4]);
  const embeddings = Float32Array.from({ length: 5 * dimension }, () => random.nextGaussian());
  const ignoredTokens = Uint8Array.from([1, 0, 0, 0, 0, 0]);
  return { vocabularySize, dimension, embeddings, tokenToRow, ignoredTokens };
}

const queries = [Int32Array.from([1, 2]), Int32Array.from([3, 0, 5]), Int32Array.from([4, 4, 1])];
const documents = [Int32Array.from([2, 3, 1]), Int32Array.from([5]), Int32Array.from([1, 4, 0, 2])];

function lossOf(model: StaticEmbeddingModel): number {
  return infoNceLoss({
    queries: poolBatch(model, queries).normalised,
    documents: poolBatch(model, documents).normalised,
    batchSize: 3,
    dimension,
    scale: 5,
  }).loss;
}

describe('static embedding model gradients', () => {
  it('match finite differences of the InfoNCE loss', () => {
    const model = smallModel();
    const pooledQueries = poolBatch(model, queries);
    const pooledDocuments = poolBatch(model, documents);
    const loss = infoNceLoss({
      queries: pooledQueries.normalised,
      documents: pooledDocuments.normalised,
      batchSize: 3,
      dimension,
      scale: 5,
    });
    const gradient = new Float32Array(model.embeddings.length);
    const touchedMarks = new Uint8Array(5);
    const touchedRows: number[] = [];
    for (const [batch, normalisedGradient] of [
      [pooledQueries, loss.queryGradient],
      [pooledDocuments, loss.documentGradient],
    ] as const) {
      accumulateGradients({
        model,
        batch,
        normalisedGradient,
        embeddingGradient: gradient,
        touchedMarks,
        touchedRows,
      });
    }
    expect([...touchedRows].sort()).toEqual([1, 2, 3, 4]);
    // Row 0 belongs to the ignored token: no gradient.
    expect([...gradient.subarray(0, dimension)]).toEqual([0, 0, 0, 0]);

    const step = 1e-3;
    for (let index = dimension; index < model.embeddings.length; index += 1) {
      const original = model.embeddings[index]!;
      model.embeddings[index] = original + step;
      const above = lossOf(model);
      model.embeddings[index] = original - step;
      const below = lossOf(model);
      model.embeddings[index] = original;
      expect(gradient[index]).toBeCloseTo((above - below) / (2 * step), 3);
    }
  });

  it('pools to unit vectors and skips ignored tokens', () => {
    const model = smallModel();
    const pooled = poolBatch(model, [
      Int32Array.from([1, 0]),
      Int32Array.from([1]),
      Int32Array.from([0]),
    ]);
    expect(pooled.counts).toEqual(Int32Array.from([1, 1, 0]));
    expect([...pooled.normalised.subarray(0, dimension)]).toEqual([
      ...pooled.normalised.subarray(dimension, 2 * dimension),
    ]);
    expect([...pooled.normalised.subarray(2 * dimension)]).toEqual([0, 0, 0, 0]);
  });
});
