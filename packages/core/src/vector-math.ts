/**
 * @module Dense-vector arithmetic on Float32Array: dot products, scaled sums and L2 normalisation.
 * Pure; the embedder's vectors are unit length, so a dot product is a cosine similarity. The one
 * place for vector math (frames, the recommender, eval).
 */

/** Sum of element-wise products over the shorter of the two vectors. */
export function dotProduct(left: Float32Array, right: Float32Array): number {
  const length = Math.min(left.length, right.length);
  // Four running sums: the loop is the recommender's dense score over the whole catalog.
  const unrolledEnd = length - (length % 4);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index < unrolledEnd; index += 4) {
    sum0 += left[index]! * right[index]!;
    sum1 += left[index + 1]! * right[index + 1]!;
    sum2 += left[index + 2]! * right[index + 2]!;
    sum3 += left[index + 3]! * right[index + 3]!;
  }
  for (; index < length; index++) sum0 += left[index]! * right[index]!;
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
