/** The unrolled dot products equal the plain sum, for every length, offset and mismatched sizes. */
import { describe, expect, it } from 'vitest';
import { calibratedSimilarity } from './embedder.js';
import { dotProduct, dotProductAt } from './vector-math.js';

const series = (length: number, start: number) =>
  Float32Array.from({ length }, (_, index) => ((index * 7 + start) % 11) - 5);

function plainDot(values: Float32Array, offset: number, query: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < query.length; index++) sum += values[offset + index]! * query[index]!;
  return sum;
}

describe('dot products', () => {
  it('dotProductAt reads one row of a matrix, for lengths around the unrolling', () => {
    for (let length = 0; length <= 19; length++) {
      const matrix = series(length * 3, 1);
      const query = series(length, 4);
      for (const row of [0, 1, 2])
        expect(dotProductAt(matrix, row * length, query)).toBeCloseTo(
          plainDot(matrix, row * length, query),
          4,
        );
    }
  });

  it('dotProduct sums over the shorter vector, either way round', () => {
    const long = series(21, 2);
    const short = series(13, 3);
    expect(dotProduct(long, short)).toBeCloseTo(plainDot(long, 0, short), 4);
    expect(dotProduct(short, long)).toBeCloseTo(plainDot(long, 0, short), 4);
    expect(dotProduct(new Float32Array(0), long)).toBe(0);
  });
});

describe('calibratedSimilarity', () => {
  it("puts the model's floor at 0 and identical texts at 1, keeping the order", () => {
    expect(calibratedSimilarity(0.8, 0.8)).toBeCloseTo(0);
    expect(calibratedSimilarity(1, 0.8)).toBeCloseTo(1);
    expect(calibratedSimilarity(0.9, 0.8)).toBeCloseTo(0.5);
    expect(calibratedSimilarity(0.7, 0.8)).toBeLessThan(calibratedSimilarity(0.75, 0.8));
  });

  it('leaves cosines of a model without a floor unchanged', () => {
    expect(calibratedSimilarity(0.42, 0)).toBe(0.42);
  });
});
