/**
 * @module An in-memory matrix of unit vectors (one contiguous Float32Array, row-major) with exact
 * nearest-neighbour search: the `memory` vector search, and the exact re-score of candidates. The
 * full scan runs as WebAssembly SIMD where the storage has it (simd-dot-scan.ts).
 */
import { AppError, dotProductAt } from '@quarry/core';
import { allocateScannableRows } from './simd-dot-scan.js';
import type { ScannableRows } from './simd-dot-scan.js';

export interface MatrixNeighbour {
  row: number;
  similarity: number;
}

/** Rows grow by doubling, so appending one vector at a time stays amortised O(dimension). */
const initialRowCapacity = 1024;

/**
 * The row storage, which matrices made by `withRows` share. `claimedRows` is the most rows any
 * sharer has written: a matrix may write past its own rows only while it holds all the claimed
 * ones, so a row an older matrix can see is never overwritten by a newer one's append.
 */
interface RowStorage {
  rows: ScannableRows;
  claimedRows: number;
}

export class VectorMatrix {
  private storage: RowStorage;
  private rowCount = 0;

  /** `expectedRows` sizes the storage up front when the row count is known (no regrowth). */
  constructor(
    readonly dimension: number,
    expectedRows: number = initialRowCapacity,
  ) {
    if (!Number.isInteger(dimension) || dimension < 1) {
      throw new AppError({
        code: 'invalid_input',
        message: `vector dimension must be a whole number >= 1, got ${dimension}`,
      });
    }
    this.storage = {
      rows: allocateScannableRows(Math.max(1, Math.floor(expectedRows)), dimension),
      claimedRows: 0,
    };
  }

  private get values(): Float32Array {
    return this.storage.rows.values;
  }

  get size(): number {
    return this.rowCount;
  }

  /** Appends one vector; returns its row. */
  append(vector: Float32Array): number {
    this.checkDimension(vector);
    this.makeRoomFor(this.rowCount + 1);
    this.values.set(vector, this.rowCount * this.dimension);
    this.storage.claimedRows = this.rowCount + 1;
    return this.rowCount++;
  }

  /**
   * A new matrix of this one's rows followed by `vectors`, for a grown index that must leave this
   * one (and searches on it) unchanged. The rows are not copied when the storage has room past
   * them that no other matrix has claimed (capacity doubles, so that is the usual case); a later
   * `set` of a shared row is seen by both matrices, as both hold the same row.
   */
  withRows(vectors: Iterable<Float32Array>): VectorMatrix {
    const grown = new VectorMatrix(this.dimension, 1);
    grown.storage = this.storage;
    grown.rowCount = this.rowCount;
    for (const vector of vectors) grown.append(vector);
    return grown;
  }

  /** Whether row `row` is the zero vector (no unit vector is). */
  isZero(row: number): boolean {
    this.checkRow(row);
    const values = this.values;
    const end = (row + 1) * this.dimension;
    for (let at = row * this.dimension; at < end; at++) if (values[at] !== 0) return false;
    return true;
  }

  /** Overwrites row `row` (which must exist). */
  set(row: number, vector: Float32Array): void {
    this.checkDimension(vector);
    this.checkRow(row);
    this.values.set(vector, row * this.dimension);
  }

  /** A view of row `row` (not a copy). */
  row(row: number): Float32Array {
    this.checkRow(row);
    return this.values.subarray(row * this.dimension, (row + 1) * this.dimension);
  }

  /** Dot product of row `row` with `query` (the cosine for unit vectors). */
  similarity(row: number, query: Float32Array): number {
    return dotProductAt(this.values, row * this.dimension, query);
  }

  /**
   * `nearest` over every row, with the scan done by a scan-pool worker (scan-pool.ts) when the
   * pool has one and this storage can share its rows with it; otherwise on this thread.
   */
  async nearestOffThread(options: {
    query: Float32Array;
    limit: number;
    accept?: (row: number) => boolean;
  }): Promise<MatrixNeighbour[]> {
    this.checkDimension(options.query);
    const pooled = this.storage.rows.dotAllInPool(options.query, this.rowCount);
    if (pooled === null) return this.nearest(options);
    const { scores, release } = await pooled;
    try {
      return this.nearest({ ...options, scores });
    } finally {
      release();
    }
  }

  /**
   * The `limit` rows most similar to `query`, best first (ties: lower row first), scanning every
   * row or only `rows` when given; `accept` is asked only about rows that would make the list.
   */
  nearest(options: {
    query: Float32Array;
    limit: number;
    rows?: Iterable<number>;
    accept?: (row: number) => boolean;
    /** The query's dot products with every row, already computed (`nearestOffThread`). */
    scores?: Float32Array;
  }): MatrixNeighbour[] {
    const { query, accept } = options;
    this.checkDimension(query);
    const limit = Math.min(Math.max(Math.floor(options.limit), 0), this.rowCount);
    if (limit === 0) return [];
    const heap = new BoundedMinHeap(limit);
    const consider = (row: number, similarity: number): void => {
      if (!heap.wouldKeep(similarity)) return;
      if (accept !== undefined && !accept(row)) return;
      heap.offer(row, similarity);
    };
    const scores =
      options.scores ??
      (options.rows === undefined ? this.storage.rows.dotAll(query, this.rowCount) : null);
    if (scores !== null) {
      for (let row = 0; row < scores.length; row++) {
        const similarity = scores[row]!;
        if (heap.wouldKeep(similarity)) consider(row, similarity);
      }
    } else if (options.rows === undefined) {
      // The exact scan without SIMD: calling dotProductAt is no slower than inlining it was
      // (docs/benchmarks.md, issue 28).
      const { values, dimension, rowCount } = this;
      for (let row = 0, offset = 0; row < rowCount; row++, offset += dimension) {
        const similarity = dotProductAt(values, offset, query);
        if (heap.wouldKeep(similarity)) consider(row, similarity);
      }
    } else {
      for (const row of options.rows) consider(row, this.similarity(row, query));
    }
    return heap.toSorted();
  }

  /**
   * Ensures this matrix may write rows up to `rows`: its own storage, or shared storage whose
   * claimed rows are all this matrix's, with the capacity; otherwise it moves to a copy.
   */
  private makeRoomFor(rows: number): void {
    const needed = rows * this.dimension;
    const ownsTail = this.storage.claimedRows <= this.rowCount;
    if (ownsTail && needed <= this.values.length) return;
    const capacity = Math.max(needed, ownsTail ? this.values.length * 2 : this.values.length);
    const moved = allocateScannableRows(Math.ceil(capacity / this.dimension), this.dimension);
    moved.values.set(this.values.subarray(0, this.rowCount * this.dimension));
    this.storage = { rows: moved, claimedRows: this.rowCount };
  }

  private checkDimension(vector: Float32Array): void {
    if (vector.length !== this.dimension) {
      throw new AppError({
        code: 'invalid_input',
        message: `vector has ${vector.length} dimensions, the index has ${this.dimension}`,
        fix: 'use the same model for indexing and querying',
      });
    }
  }

  private checkRow(row: number): void {
    if (!Number.isInteger(row) || row < 0 || row >= this.rowCount) {
      throw new AppError({ code: 'internal', message: `no vector row ${row}` });
    }
  }
}

function byBest(left: MatrixNeighbour, right: MatrixNeighbour): number {
  return right.similarity - left.similarity || left.row - right.row;
}

/** Keeps the `capacity` highest similarities offered; the root is the worst kept. */
class BoundedMinHeap {
  private readonly similarities: Float64Array;
  private readonly rows: Int32Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.similarities = new Float64Array(capacity);
    this.rows = new Int32Array(capacity);
  }

  wouldKeep(similarity: number): boolean {
    return this.size < this.capacity || similarity > this.similarities[0]!;
  }

  offer(row: number, similarity: number): void {
    let position: number;
    if (this.size < this.capacity) {
      position = this.size++;
      while (position > 0) {
        const parent = (position - 1) >> 1;
        if (this.similarities[parent]! <= similarity) break;
        this.similarities[position] = this.similarities[parent]!;
        this.rows[position] = this.rows[parent]!;
        position = parent;
      }
    } else {
      position = 0;
      for (;;) {
        const left = 2 * position + 1;
        if (left >= this.size) break;
        const right = left + 1;
        const child =
          right < this.size && this.similarities[right]! < this.similarities[left]! ? right : left;
        if (this.similarities[child]! >= similarity) break;
        this.similarities[position] = this.similarities[child]!;
        this.rows[position] = this.rows[child]!;
        position = child;
      }
    }
    this.similarities[position] = similarity;
    this.rows[position] = row;
  }

  toSorted(): MatrixNeighbour[] {
    const kept: MatrixNeighbour[] = [];
    for (let index = 0; index < this.size; index++) {
      kept.push({ row: this.rows[index]!, similarity: this.similarities[index]! });
    }
    return kept.sort(byBest);
  }
}
