/**
 * @module Dense-vector arithmetic on Float32Array: dot products, scaled sums and L2 normalisation.
 * Pure; the embedder's vectors are unit length, so a dot product is a cosine similarity. The one
 * place for vector math (frames, the recommender, eval).
 */

/** Sum of element-wise products over the shorter of the two vectors. */
export function dotProduct(left: Float32Array, right: Float32Array): number {
  return left.length >= right.length ? dotProductAt(left, 0, right) : dotProductAt(right, 0, left);
}

/**
 * Dot product of `query` with the `query.length` values of `values` from `offset` (a row of a
 * row-major matrix). The hot loop of exact scans and dense scores: unrolled by 8 with four
 * accumulators (about 3x faster than the plain loop in V8), plain indexed reads without
 * per-element checks.
 */
export function dotProductAt(values: Float32Array, offset: number, query: Float32Array): number {
  const length = query.length;
  const unrolledEnd = length - (length % 8);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index < unrolledEnd; index += 8) {
    const at = offset + index;
    sum0 += values[at]! * query[index]! + values[at + 4]! * query[index + 4]!;
    sum1 += values[at + 1]! * query[index + 1]! + values[at + 5]! * query[index + 5]!;
    sum2 += values[at + 2]! * query[index + 2]! + values[at + 6]! * query[index + 6]!;
    sum3 += values[at + 3]! * query[index + 3]! + values[at + 7]! * query[index + 7]!;
  }
  for (; index < length; index++) sum0 += values[offset + index]! * query[index]!;
  return sum0 + sum1 + sum2 + sum3;
}

/** Scales `vector` to unit length in place; a zero vector stays zero. Returns it. */
export function normaliseInPlace(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  if (squares === 0) return vector;
  const scale = 1 / Math.sqrt(squares);
  for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] ?? 0) * scale;
  return vector;
}

/** Adds `weight * addend` to `target` in place. Returns `target`. */
export function addScaledInPlace(
  target: Float32Array,
  addend: Float32Array,
  weight: number,
): Float32Array {
  const length = Math.min(target.length, addend.length);
  for (let index = 0; index < length; index++) {
    target[index] = (target[index] ?? 0) + weight * (addend[index] ?? 0);
  }
  return target;
}
