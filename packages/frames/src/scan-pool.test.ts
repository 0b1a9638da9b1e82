/**
 * The scan pool: a worker thread scans the rows of a matrix in their shared memory and the answer
 * is exactly the one this thread's scan gives, for concurrent searches too (each has its own slot);
 * without workers, or for a matrix too small for the SIMD storage, the scan stays on this thread.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { configureScanPool, scanPoolSize } from './scan-pool.js';
import { minSimdRows, poolSlots } from './simd-dot-scan.js';
import { VectorMatrix } from './vector-matrix.js';

function unitVector(seed: number, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  let state = seed * 2_654_435_761;
  for (let index = 0; index < dimension; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    vector[index] = state / 2_147_483_648 - 0.5;
  }
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function matrixOf(rows: number, dimension = 64): VectorMatrix {
  const matrix = new VectorMatrix(dimension, rows);
  for (let row = 0; row < rows; row++) matrix.append(unitVector(row + 1, dimension));
  return matrix;
}

afterEach(() => configureScanPool({ workers: 0 }));

describe('scan pool', () => {
  it('gives exactly the same neighbours as the scan on this thread, for concurrent searches', async () => {
    const matrix = matrixOf(minSimdRows + 500);
    const queries = Array.from({ length: poolSlots + 2 }, (_, index) =>
      unitVector(10_000 + index, 64),
    );
    const accept = (row: number) => row % 3 !== 0;
    const expected = queries.map((query) => matrix.nearest({ query, limit: 7, accept }));
    configureScanPool({ workers: 2 });
    expect(scanPoolSize()).toBe(2);
    const pooled = await Promise.all(
      queries.map((query) => matrix.nearestOffThread({ query, limit: 7, accept })),
    );
    expect(pooled).toEqual(expected);
    expect(pooled[0]).toHaveLength(7);
    expect(pooled.flat().every(({ row }) => row % 3 !== 0)).toBe(true);
  });

  it('sees rows appended after a worker first scanned the storage', async () => {
    configureScanPool({ workers: 1 });
    const matrix = matrixOf(minSimdRows + 10);
    const query = new Float32Array(64);
    query[0] = 1;
    await matrix.nearestOffThread({ query, limit: 3 });
    const row = matrix.append(query);
    expect((await matrix.nearestOffThread({ query, limit: 1 }))[0]).toEqual({
      row,
      similarity: expect.closeTo(1, 5) as number,
    });
  });

  it('does not keep a process alive once its scans are done (a stopped server must exit)', () => {
    // The built module (`npm test` builds first): a plain node process cannot load the source.
    const built = fileURLToPath(new URL('../dist/scan-pool.js', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const pool = await import(${JSON.stringify(built)}); pool.configureScanPool({ workers: 2 });`,
      ],
      { timeout: 20_000 },
    );
    expect(child.error).toBeUndefined();
    expect(child.status).toBe(0);
  });

  it('scans on this thread without workers, and for a small matrix', async () => {
    const small = matrixOf(100);
    const query = unitVector(5, 64);
    expect(await small.nearestOffThread({ query, limit: 4 })).toEqual(
      small.nearest({ query, limit: 4 }),
    );
    configureScanPool({ workers: 1 });
    expect(await small.nearestOffThread({ query, limit: 4 })).toEqual(
      small.nearest({ query, limit: 4 }),
    );
  });
});
