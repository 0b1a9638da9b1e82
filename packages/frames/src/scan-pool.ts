/**
 * @module A pool of worker threads (scan-worker.mjs) for the exact vector scan of a large index, so
 * that a server's answer search does not hold its event loop for the scan (the largest single cost
 * of a search over 80,000 frames). The rows stay where they are: the workers scan the same shared
 * WebAssembly memory the index writes into (simd-dot-scan.ts), and the scores come back through
 * it. Off unless configured (`configureScanPool`, `quarry serve` from QUARRY_SCAN_WORKERS): a
 * command that runs one search at a time scans on its own thread. Jobs are spread over the
 * workers; idle workers do not keep the process alive.
 */
import { Worker } from 'node:worker_threads';

export interface ScanJob {
  /** The shared WebAssembly memory holding rows, query and scores. */
  memory: unknown;
  /** The compiled scan module. */
  module: unknown;
  /** Identifies the memory, so a worker instantiates the scan once per storage. */
  storage: number;
  queryOffset: number;
  count: number;
  rowBytes: number;
  scoresOffset: number;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
  /** Storages whose memory and module this worker was sent (once each: cloning them costs). */
  attached: Set<number>;
}

/** The worker entry beside this module (`src/` under vitest, `dist/` once built: tsc copies it). */
const workerUrl = new URL('./scan-worker.mjs', import.meta.url);

let pool: PoolWorker[] = [];
let nextJob = 1;
let nextWorker = 0;

function startWorker(): PoolWorker {
  const worker = new Worker(workerUrl);
  const entry: PoolWorker = { worker, pending: new Map(), attached: new Set() };
  worker.on('message', (id: number) => {
    const waiting = entry.pending.get(id);
    if (waiting === undefined) return;
    entry.pending.delete(id);
    if (entry.pending.size === 0) worker.unref();
    waiting.resolve();
  });
  const fail = (error: Error) => {
    for (const { reject } of entry.pending.values()) reject(error);
    entry.pending.clear();
    // A failed worker is replaced on the next job.
    pool = pool.map((each) => (each === entry ? startWorker() : each));
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (entry.pending.size > 0) fail(new Error(`a scan worker exited (code ${code})`));
  });
  // After the listeners: adding a 'message' listener refs the worker's port again.
  worker.unref();
  return entry;
}

/** Sets the number of scan workers (0: scans run on the calling thread); stops surplus ones. */
export function configureScanPool(options: { workers: number }): void {
  const workers = Math.max(0, Math.floor(options.workers));
  while (pool.length > workers) void pool.pop()?.worker.terminate();
  while (pool.length < workers) pool.push(startWorker());
}

/** The workers the pool has (0 when scans run on the calling thread). */
export function scanPoolSize(): number {
  return pool.length;
}

/** A storage is gone (garbage collected): workers that hold its memory let it go too. */
export function forgetScanStorage(storage: number): void {
  for (const entry of pool) {
    if (!entry.attached.delete(storage)) continue;
    entry.worker.postMessage({ forget: storage });
  }
}

/** Runs `job` on the worker with the fewest jobs in flight; resolves when its scores are written. */
export function runScanJob(job: ScanJob): Promise<void> {
  let chosen = pool[nextWorker % pool.length];
  nextWorker += 1;
  for (const entry of pool) if (chosen && entry.pending.size < chosen.pending.size) chosen = entry;
  if (chosen === undefined) return Promise.reject(new Error('the scan pool has no workers'));
  const id = nextJob++;
  const target = chosen;
  return new Promise<void>((resolve, reject) => {
    if (target.pending.size === 0) target.worker.ref();
    target.pending.set(id, { resolve, reject });
    // The memory and module go with a storage's first job on this worker; later jobs name it.
    const { memory, module, ...scan } = job;
    if (target.attached.has(job.storage)) target.worker.postMessage({ ...scan, id });
    else {
      target.attached.add(job.storage);
      target.worker.postMessage({ ...scan, memory, module, id });
    }
  });
}
