// @module The scan pool's worker thread (scan-pool.ts): runs the SIMD dot-product scan of
// simd-dot-scan.ts over rows that live in a shared WebAssembly memory, writing the scores into a
// slot of that same memory, so neither the rows nor the scores are ever copied between threads.
import { parentPort } from 'node:worker_threads';

/**
 * @typedef {{ id: number, memory: unknown, module: unknown, storage: number, queryOffset: number,
 *   count: number, rowBytes: number, scoresOffset: number }} ScanJob
 * @typedef {(rows: number, query: number, count: number, rowBytes: number, scores: number) => void} Scan
 */

/** The WebAssembly API (Node's types do not declare it). */
const wasm =
  /** @type {{ Instance: new (module: unknown, imports: object) => { exports: Record<string, unknown> } }} */ (
    /** @type {Record<string, unknown>} */ (globalThis)['WebAssembly']
  );

/** @type {Map<number, Scan>} the scan of each storage this worker was sent */
const scans = new Map();
const port = parentPort;
if (port === null) throw new Error('scan-worker.mjs runs as a worker thread');

port.on('message', (/** @type {ScanJob | { forget: number }} */ message) => {
  // The main thread dropped a storage: its memory can go.
  if ('forget' in message) {
    scans.delete(message.forget);
    return;
  }
  const job = message;
  let scan = scans.get(job.storage);
  if (scan === undefined) {
    // A storage's first job carries its memory and module; later ones only name it.
    const instance = new wasm.Instance(job.module, { env: { memory: job.memory } });
    scan = /** @type {Scan} */ (instance.exports['scan']);
    scans.set(job.storage, scan);
  }
  scan(0, job.queryOffset, job.count, job.rowBytes, job.scoresOffset);
  port.postMessage(job.id);
});
