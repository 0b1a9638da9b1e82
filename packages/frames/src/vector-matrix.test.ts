import { describe, expect, it } from 'vitest';
import { VectorMatrix } from './vector-matrix.js';

function unit(values: number[]): Float32Array {
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
  return Float32Array.from(values, (value) => value / norm);
}

describe('VectorMatrix', () => {
  const rows = [
    unit([1, 0, 0]),
    unit([0, 1, 0]),
    unit([1, 1, 0]),
    unit([0, 0, 1]),
    unit([1, 0, 0]),
  ];
  const matrix = new VectorMatrix(3);
  for (const row of rows) matrix.append(row);

  it('finds the exact nearest rows, best first, ties by lower row', () => {
    const nearest = matrix.nearest({ query: unit([1, 0, 0]), limit: 3 });
    expect(nearest.map((neighbour) => neighbour.row)).toEqual([0, 4, 2]);
    expect(nearest[0]?.similarity).toBeCloseTo(1);
    expect(nearest[2]?.similarity).toBeCloseTo(Math.SQRT1_2);
  });

  it('scans only the given rows and asks accept only about rows that could make the list', () => {
    const asked: number[] = [];
    const nearest = matrix.nearest({
      query: unit([1, 0, 0]),
      limit: 1,
      rows: [1, 2, 3],
      accept: (row) => {
        asked.push(row);
        return row !== 2;
      },
    });
    expect(nearest.map((neighbour) => neighbour.row)).toEqual([1]);
    expect(asked).toContain(2);
  });

  it('matches a plain dot product for dimensions that are not a multiple of 8', () => {
    const wide = new VectorMatrix(11);
    const vector = Float32Array.from({ length: 11 }, (_, index) => (index % 3) - 1);
    wide.append(vector);
    const expected = vector.reduce((sum, value) => sum + value * value, 0);
    expect(wide.nearest({ query: vector, limit: 1 })[0]?.similarity).toBeCloseTo(expected);
    expect(wide.similarity(0, vector)).toBeCloseTo(expected);
  });

  it('grows past its initial capacity and rejects vectors of another dimension', () => {
    const grown = new VectorMatrix(2);
    for (let index = 0; index < 3000; index++) grown.append(unit([1, index]));
    expect(grown.size).toBe(3000);
    expect(Array.from(grown.row(2999))).toEqual(Array.from(unit([1, 2999])));
    expect(() => grown.append(new Float32Array(3))).toThrow(/dimensions/);
  });
});

describe('VectorMatrix.withRows', () => {
  const rowsOf = (matrix: VectorMatrix) =>
    Array.from({ length: matrix.size }, (_, row) => [...matrix.row(row)]);

  it('appends to a new matrix and leaves the original as it was', () => {
    const base = new VectorMatrix(2, 8);
    base.append(unit([1, 0]));
    base.append(unit([0, 1]));
    const grown = base.withRows([unit([1, 1])]);
    expect(base.size).toBe(2);
    expect(grown.size).toBe(3);
    expect(rowsOf(grown).slice(0, 2)).toEqual(rowsOf(base));
    expect(grown.nearest({ query: unit([1, 1]), limit: 1 })[0]?.row).toBe(2);
    expect(base.nearest({ query: unit([1, 1]), limit: 3 }).map(({ row }) => row)).toEqual([0, 1]);
  });

  it('never lets two matrices grown from the same one overwrite each other’s rows', () => {
    const base = new VectorMatrix(2, 8);
    base.append(unit([1, 0]));
    const first = base.withRows([unit([0, 1])]);
    const second = base.withRows([unit([1, 1])]);
    base.append(unit([-1, 0]));
    expect(rowsOf(first)[1]).toEqual([...unit([0, 1])]);
    expect(rowsOf(second)[1]).toEqual([...unit([1, 1])]);
    expect(rowsOf(base)[1]).toEqual([...unit([-1, 0])]);
    first.append(unit([0, -1]));
    expect(rowsOf(first)).toHaveLength(3);
    expect(rowsOf(second)).toHaveLength(2);
  });

  it('grows past the capacity it was made with', () => {
    let matrix = new VectorMatrix(2, 1);
    for (let step = 0; step < 50; step++) matrix = matrix.withRows([unit([1, step + 1])]);
    expect(matrix.size).toBe(50);
    expect(rowsOf(matrix)[49]).toEqual([...unit([1, 50])]);
  });
});
