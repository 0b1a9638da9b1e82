/**
 * @module Growing typed arrays by doubling, so appending n items costs O(n) copies in all.
 */

type NumericArray = Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/**
 * Returns `array` when it holds at least `minimum` items, otherwise a copy at least twice as long,
 * with the new tail set to `fill`.
 */
export function withCapacity<Numbers extends NumericArray>(
  array: Numbers,
  minimum: number,
  fill = 0,
): Numbers {
  if (array.length >= minimum) return array;
  const Constructor = array.constructor as new (length: number) => Numbers;
  const grown = new Constructor(Math.max(minimum, array.length * 2, 16));
  grown.set(array);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
}
