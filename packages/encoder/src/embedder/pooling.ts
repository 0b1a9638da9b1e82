/**
 * @module Pooling of token vectors into one sentence vector (mean over the attention mask, the
 * [CLS] vector, or the element-wise max; as in sentence-transformers' Pooling module), and L2
 * normalisation.
 */
import type { PoolingMode } from '../model-files/model-folder.js';

export interface PoolTokenVectorsOptions {
  /** Row-major [batch, sequence, hidden] output of the model. */
  tokenVectors: Float32Array;
  /** Row-major [batch, sequence] attention mask (1 for a real token). */
  attentionMask: ArrayLike<number>;
  batchSize: number;
  sequenceLength: number;
  hiddenSize: number;
  pooling: PoolingMode;
}

/** Returns one L2-normalised vector per batch row. */
export function poolTokenVectors(options: PoolTokenVectorsOptions): Float32Array[] {
  const { tokenVectors, attentionMask, batchSize, sequenceLength, hiddenSize, pooling } = options;
  const pooled: Float32Array[] = [];
  const accumulator = new Float64Array(hiddenSize);
  for (let row = 0; row < batchSize; row += 1) {
    const rowOffset = row * sequenceLength * hiddenSize;
    switch (pooling) {
      case 'cls':
        for (let dim = 0; dim < hiddenSize; dim += 1)
          accumulator[dim] = tokenVectors[rowOffset + dim] ?? 0;
        break;
      case 'mean': {
        accumulator.fill(0);
        let count = 0;
        for (let position = 0; position < sequenceLength; position += 1) {
          if (!attentionMask[row * sequenceLength + position]) continue;
          count += 1;
          const offset = rowOffset + position * hiddenSize;
          for (let dim = 0; dim < hiddenSize; dim += 1)
            accumulator[dim]! += tokenVectors[offset + dim] ?? 0;
        }
        for (let dim = 0; dim < hiddenSize; dim += 1) accumulator[dim]! /= Math.max(count, 1);
        break;
      }
      case 'max': {
        accumulator.fill(-Infinity);
        for (let position = 0; position < sequenceLength; position += 1) {
          if (!attentionMask[row * sequenceLength + position]) continue;
          const offset = rowOffset + position * hiddenSize;
          for (let dim = 0; dim < hiddenSize; dim += 1) {
            accumulator[dim] = Math.max(accumulator[dim]!, tokenVectors[offset + dim] ?? 0);
          }
        }
        for (let dim = 0; dim < hiddenSize; dim += 1)
          if (accumulator[dim] === -Infinity) accumulator[dim] = 0;
        break;
      }
    }
    pooled.push(l2Normalise(accumulator));
  }
  return pooled;
}

/** Returns a float32 copy of `vector` scaled to unit length; a zero vector stays zero. */
export function l2Normalise(vector: ArrayLike<number>): Float32Array {
  let sumOfSquares = 0;
  for (let index = 0; index < vector.length; index += 1) sumOfSquares += (vector[index] ?? 0) ** 2;
  const scale = sumOfSquares > 0 ? 1 / Math.sqrt(sumOfSquares) : 0;
  const output = new Float32Array(vector.length);
  for (let index = 0; index < vector.length; index += 1)
    output[index] = (vector[index] ?? 0) * scale;
  return output;
}
