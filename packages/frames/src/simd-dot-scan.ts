/**
 * @module Row storage for `VectorMatrix` whose exact scan (the dot product of a query with every
 * row) runs as WebAssembly SIMD: four f32x4 accumulators over 16 floats a step, about 4x the
 * plain JavaScript loop. The rows live in a WebAssembly memory of their own, sized once (a matrix
 * that outgrows it moves to a new one, as it would to a new Float32Array), with room after them
 * for the query and the scores. Storage under `minSimdRows` rows, dimensions that are not a
 * multiple of 16, storage past 4 GiB, or a runtime without WebAssembly SIMD get a plain
 * Float32Array and the JavaScript loop.
 *
 * The module is assembled here from its opcodes (no toolchain): one exported function
 * `scan(rows, query, count, rowBytes, scores)` writing `count` f32 dot products to `scores`. The
 * memory is shared (a SharedArrayBuffer), so scan-pool workers can scan the same rows; after the
 * rows it holds one query-and-scores slot for this thread and `poolSlots` for pool scans.
 */
import { forgetScanStorage, runScanJob, scanPoolSize } from './scan-pool.js';

export interface ScannableRows {
  /** The rows, row-major; `capacityRows * dimension` floats. */
  readonly values: Float32Array;
  /**
   * The dot products of the first `rowCount` rows with `query` (a view, valid until the next
   * call), or null when this storage has no SIMD scan and the caller must loop itself.
   */
  dotAll(query: Float32Array, rowCount: number): Float32Array | null;
  /**
   * The same dot products computed on a scan-pool worker (scan-pool.ts) over this very memory:
   * the scores are a view valid until `release()`; past `poolSlots` scans in flight, a scan waits
   * for a slot. Null when this storage has no SIMD scan or the pool has no workers (then use
   * `dotAll`).
   */
  dotAllInPool(
    query: Float32Array,
    rowCount: number,
  ): Promise<{ scores: Float32Array; release: () => void }> | null;
}

/**
 * Smaller storage keeps a plain Float32Array: its scan takes well under a millisecond either way,
 * and each WebAssembly memory reserves gigabytes of address space (in-paper search holds dozens of
 * one-paper matrices).
 */
export const minSimdRows = 4096;
/** Floats per SIMD step: four f32x4 accumulators. */
const floatsPerStep = 16;
const wasmPageBytes = 65_536;
/** wasm32 addresses at most 4 GiB. */
const maxWasmPages = 65_536;
/** Pool scans of one storage in flight at once; more wait for a slot. */
export const poolSlots = 4;
/** Identifies each storage to the pool workers (which instantiate the scan once per storage). */
let nextStorageId = 1;
/** Tells the scan workers when a storage is garbage collected, so its memory can be freed. */
const collectedStorages = new FinalizationRegistry<number>(forgetScanStorage);

/** Unsigned LEB128, as the binary format writes sizes and indices. */
function leb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

function section(id: number, content: number[]): number[] {
  return [id, ...leb128(content.length), ...content];
}

const name = (text: string) => [text.length, ...Array.from(text, (char) => char.charCodeAt(0))];

// Opcodes used by the scan (WebAssembly core and SIMD specifications).
const op = {
  block: 0x02,
  loop: 0x03,
  brIf: 0x0d,
  end: 0x0b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f32Store: 0x38,
  i32Const: 0x41,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Shl: 0x74,
  f32Add: 0x92,
  void: 0x40,
  i32: 0x7f,
  v128: 0x7b,
} as const;
const simd = (code: number, ...rest: number[]) => [0xfd, ...leb128(code), ...rest];
/** v128.load with alignment hint 1 byte and a byte offset. */
const v128Load = (offset: number) => simd(0x00, 0x00, ...leb128(offset));
const v128Zero = simd(0x0c, ...new Array<number>(16).fill(0));
const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const f32x4ExtractLane = (lane: number) => simd(0x1f, lane);

// Parameters and locals of `scan`, by index.
const rowsAt = 0;
const queryAt = 1;
const countAt = 2;
const rowBytesAt = 3;
const scoresAt = 4;
const scoresEnd = 5;
const offset = 6;
const accumulators = [7, 8, 9, 10];
const total = 11;

function scanBody(): number[] {
  const get = (local: number) => [op.localGet, local];
  const set = (local: number) => [op.localSet, local];
  const step = accumulators.flatMap((accumulator, lane) => [
    ...get(accumulator),
    ...get(rowsAt),
    ...get(offset),
    op.i32Add,
    ...v128Load(lane * 16),
    ...get(queryAt),
    ...get(offset),
    op.i32Add,
    ...v128Load(lane * 16),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(accumulator),
  ]);
  const code = [
    // scoresEnd = scores + count * 4
    ...get(scoresAt),
    ...get(countAt),
    op.i32Const,
    2,
    op.i32Shl,
    op.i32Add,
    ...set(scoresEnd),
    op.block,
    op.void,
    ...get(scoresAt),
    ...get(scoresEnd),
    op.i32GeU,
    op.brIf,
    0,
    op.loop,
    op.void,
    ...accumulators.flatMap((accumulator) => [...v128Zero, ...set(accumulator)]),
    op.i32Const,
    0,
    ...set(offset),
    op.loop,
    op.void,
    ...step,
    // offset += 64; continue while offset < rowBytes
    ...get(offset),
    op.i32Const,
    ...[0xc0, 0x00], // 64 as signed LEB128
    op.i32Add,
    op.localTee,
    offset,
    ...get(rowBytesAt),
    op.i32LtU,
    op.brIf,
    0,
    op.end,
    // total = a0 + a1 + a2 + a3; scores[row] = sum of its lanes
    ...get(accumulators[0]!),
    ...get(accumulators[1]!),
    ...f32x4Add,
    ...get(accumulators[2]!),
    ...get(accumulators[3]!),
    ...f32x4Add,
    ...f32x4Add,
    ...set(total),
    ...get(scoresAt),
    ...get(total),
    ...f32x4ExtractLane(0),
    ...get(total),
    ...f32x4ExtractLane(1),
    op.f32Add,
    ...get(total),
    ...f32x4ExtractLane(2),
    op.f32Add,
    ...get(total),
    ...f32x4ExtractLane(3),
    op.f32Add,
    op.f32Store,
    2,
    0,
    // rows += rowBytes; scores += 4; continue while scores < scoresEnd
    ...get(rowsAt),
    ...get(rowBytesAt),
    op.i32Add,
    ...set(rowsAt),
    ...get(scoresAt),
    op.i32Const,
    4,
    op.i32Add,
    op.localTee,
    scoresAt,
    ...get(scoresEnd),
    op.i32LtU,
    op.brIf,
    0,
    op.end,
    op.end,
    op.end,
  ];
  const locals = [2, 2, op.i32, 5, op.v128];
  const body = [...locals, ...code];
  return [...leb128(body.length), ...body];
}

function scanModuleBytes(): Uint8Array<ArrayBuffer> {
  const i32 = op.i32;
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 5, i32, i32, i32, i32, i32, 0]),
    // An imported shared memory (limits flag 3: shared, with a maximum) of up to 4 GiB.
    ...section(2, [
      1,
      ...name('env'),
      ...name('memory'),
      0x02,
      0x03,
      ...leb128(0),
      ...leb128(maxWasmPages),
    ]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('scan'), 0x00, 0]),
    ...section(10, [1, ...scanBody()]),
  ]);
}

/** The part of the WebAssembly JavaScript API used here (the Node types do not declare it). */
interface WasmApi {
  validate(bytes: Uint8Array<ArrayBuffer>): boolean;
  Module: new (bytes: Uint8Array<ArrayBuffer>) => WasmModule;
  Instance: new (
    module: WasmModule,
    imports: { env: { memory: WasmMemory } },
  ) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}
interface WasmModule {
  readonly wasmModule: never;
}
interface WasmMemory {
  readonly buffer: ArrayBufferLike;
}

const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
let compiled: WasmModule | null | undefined;

/** The compiled scan, or null where WebAssembly SIMD is not available. */
function scanModule(): WasmModule | null {
  if (compiled === undefined) {
    const bytes = scanModuleBytes();
    compiled = wasm?.validate(bytes) ? new wasm.Module(bytes) : null;
  }
  return compiled;
}

type ScanFunction = (
  rows: number,
  query: number,
  count: number,
  rowBytes: number,
  scores: number,
) => void;

/** Storage for `capacityRows` rows of `dimension` floats, with the SIMD scan where it can have one. */
export function allocateScannableRows(capacityRows: number, dimension: number): ScannableRows {
  const floats = capacityRows * dimension;
  const rowBytes = dimension * 4;
  // Each slot: the query, then one score per row.
  const slotBytes = rowBytes + capacityRows * 4;
  const slotOffset = (slot: number) => floats * 4 + slot * slotBytes;
  const pages = Math.ceil(slotOffset(1 + poolSlots) / wasmPageBytes);
  const module =
    capacityRows >= minSimdRows && dimension % floatsPerStep === 0 && pages <= maxWasmPages
      ? scanModule()
      : null;
  if (module === null || wasm === undefined)
    return { values: new Float32Array(floats), dotAll: () => null, dotAllInPool: () => null };
  const memory = new wasm.Memory({ initial: pages, maximum: pages, shared: true });
  const scan = new wasm.Instance(module, { env: { memory } }).exports.scan as ScanFunction;
  const values = new Float32Array(memory.buffer, 0, floats);
  const queryView = (slot: number) => new Float32Array(memory.buffer, slotOffset(slot), dimension);
  const scoresView = (slot: number) =>
    new Float32Array(memory.buffer, slotOffset(slot) + rowBytes, capacityRows);
  const ownQuery = queryView(0);
  const ownScores = scoresView(0);
  const storage = nextStorageId++;
  const freeSlots = Array.from({ length: poolSlots }, (_, index) => index + 1);
  /** Pool scans waiting for a slot, first come first served. */
  const slotWaiters: ((slot: number) => void)[] = [];
  const rows: ScannableRows = {
    values,
    dotAll(query, rowCount) {
      ownQuery.set(query);
      scan(0, slotOffset(0), rowCount, rowBytes, slotOffset(0) + rowBytes);
      return ownScores.subarray(0, rowCount);
    },
    dotAllInPool(query, rowCount) {
      return scanPoolSize() === 0 ? null : pooledScan(query, rowCount);
    },
  };
  // Scan workers hold this memory until the storage itself is collected.
  collectedStorages.register(rows, storage);
  return rows;

  async function pooledScan(
    query: Float32Array,
    rowCount: number,
  ): Promise<{ scores: Float32Array; release: () => void }> {
    const slot =
      freeSlots.pop() ?? (await new Promise<number>((resolve) => slotWaiters.push(resolve)));
    const release = () => {
      const waiter = slotWaiters.shift();
      if (waiter === undefined) freeSlots.push(slot);
      else waiter(slot);
    };
    queryView(slot).set(query);
    try {
      await runScanJob({
        memory,
        module,
        storage,
        queryOffset: slotOffset(slot),
        count: rowCount,
        rowBytes,
        scoresOffset: slotOffset(slot) + rowBytes,
      });
    } catch (error) {
      release();
      throw error;
    }
    return { scores: scoresView(slot).subarray(0, rowCount), release };
  }
}
