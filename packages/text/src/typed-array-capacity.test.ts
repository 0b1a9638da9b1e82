import { describe, expect, it } from 'vitest';
import { withCapacity } from './typed-array-capacity.js';

describe('withCapacity', () => {
  it('returns the same array when it is long enough', () => {
    const array = new Uint32Array(8);
    expect(withCapacity(array, 8)).toBe(array);
  });

  it('grows by doubling, keeps contents and fills the tail', () => {
    const array = Int32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    const grown = withCapacity(array, 17, -1);
    expect(grown).toBeInstanceOf(Int32Array);
    expect(grown.length).toBe(32);
    expect(Array.from(grown.subarray(0, 16))).toEqual(Array.from(array));
    expect(grown[16]).toBe(-1);
    expect(grown[31]).toBe(-1);
  });
});
