import { createSeededRandom } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { allocateScannableRows, minSimdRows } from './simd-dot-scan.js';
import { VectorMatrix } from './vector-matrix.js';

function randomVector(dimension: number, random: () => number): Float32Array {
  return Float32Array.from({ length: dimension }, () => random() - 0.5);
}

function plainDot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += left[index]! * right[index]!;
  return sum;
}

describe('allocateScannableRows', () => {
  it('scans with WebAssembly SIMD where the dimension is a multiple of 16, matching the plain dot product', () => {
    const random = createSeededRandom(7).nextFloat;
    const dimension = 256;
    const rows = allocateScannableRows(minSimdRows, dimension);
    const vectors = Array.from({ length: 257 }, () => randomVector(dimension, random));
    vectors.forEach((vector, row) => rows.values.set(vector, row * dimension));
    const query = randomVector(dimension, random);
    const scores = rows.dotAll(query, vectors.length);
    expect(scores).not.toBeNull();
    expect(scores).toHaveLength(vectors.length);
    vectors.forEach((vector, row) => expect(scores![row]).toBeCloseTo(plainDot(vector, query), 5));
    // Fewer rows than stored: only those, and none when there are none.
    expect(rows.dotAll(query, 3)).toHaveLength(3);
    expect(rows.dotAll(query, 0)).toHaveLength(0);
  });

  it('leaves other dimensions and small storage to the plain loop', () => {
    const rows = allocateScannableRows(minSimdRows, 24);
    expect(rows.values).toHaveLength(minSimdRows * 24);
    expect(rows.dotAll(new Float32Array(24), 10)).toBeNull();
    expect(
      allocateScannableRows(minSimdRows - 1, 256).dotAll(new Float32Array(256), 10),
    ).toBeNull();
  });
});

describe('VectorMatrix nearest with the SIMD scan', () => {
  it('ranks as the exact scan of a subset does, through growth and shared rows', () => {
    const random = createSeededRandom(11).nextFloat;
    const dimension = 64;
    const matrix = new VectorMatrix(dimension, 4);
    // Grows from 4 rows past minSimdRows: plain storage first, then SIMD storage.
    for (let row = 0; row < minSimdRows + 1000; row++)
      matrix.append(randomVector(dimension, random));
    const grown = matrix.withRows(
      Array.from({ length: 50 }, () => randomVector(dimension, random)),
    );
    const query = randomVector(dimension, random);
    for (const current of [matrix, grown]) {
      const everyRow = Array.from({ length: current.size }, (_, row) => row);
      // `rows` given: the plain loop; not given: the SIMD scan.
      const plain = current.nearest({ query, limit: 10, rows: everyRow });
      const scanned = current.nearest({ query, limit: 10 });
      expect(scanned.map((hit) => hit.row)).toEqual(plain.map((hit) => hit.row));
      scanned.forEach((hit, rank) =>
        expect(hit.similarity).toBeCloseTo(plain[rank]!.similarity, 5),
      );
    }
    const nearest = matrix.nearest({ query, limit: 5 });
    expect(nearest).toHaveLength(5);
    expect(nearest.every((hit) => hit.row < matrix.size)).toBe(true);
  });
});
