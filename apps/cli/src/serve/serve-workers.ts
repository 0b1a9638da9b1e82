/**
 * @module `quarry serve --workers N`: N server processes on one port. The primary process does the
 * once-per-start work (see serve-command.ts), then forks N workers that each run the whole server
 * on the same PostgreSQL; Node's cluster module shares the listening socket and hands connections
 * to the workers in turn. A worker that dies is replaced; one that dies within
 * `crashLoopWindowMs` of its start (a port in use, a database that refuses) stops them all, as a
 * crash loop would never serve. SIGINT / SIGTERM stop the workers, which drain their requests.
 */
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';

/** Set in each worker: its number, 1..N (worker 1 also does the background indexing). */
const workerIndexVariable = 'QUARRY_SERVE_WORKER_INDEX';

/** A worker that exits sooner than this after it was started is a crash loop, not a crash. */
export const crashLoopWindowMs = 10_000;

/** This process's worker number under `--workers` (1..N), or null when it serves alone. */
export function serveWorkerIndex(): number | null {
  if (!cluster.isWorker) return null;
  const index = Number(process.env[workerIndexVariable]);
  return Number.isInteger(index) && index >= 1 ? index : null;
}

/**
 * After a worker's server has shut down: closes its channel to the supervisor, the one thing that
 * would keep the worker's process alive. Nothing to do when serving alone.
 */
export function leaveWorkerPool(): void {
  const worker = cluster.worker;
  if (worker?.isConnected()) worker.disconnect();
}

/**
 * Forks `workers` server processes (this program, same arguments) and supervises them until
 * SIGINT / SIGTERM; resolves with the exit code: 0 after a requested stop, 1 after a crash loop.
 * `stopDeadlineMs` bounds the wait for workers draining on stop; then they are killed.
 */
export function superviseServeWorkers(options: {
  workers: number;
  stopDeadlineMs: number;
  log: (line: string) => void;
}): Promise<number> {
  const { workers, log } = options;
  const running = new Map<number, { worker: Worker; startedAt: number }>();
  let listening = 0;
  let exitCode: number | null = null;

  return new Promise((resolve) => {
    const finishWhenAllExited = () => {
      if (exitCode !== null && running.size === 0) resolve(exitCode);
    };
    const stopAll = (code: number) => {
      if (exitCode !== null) return;
      exitCode = code;
      for (const { worker } of running.values()) worker.process.kill('SIGTERM');
      setTimeout(() => {
        for (const { worker } of running.values()) worker.process.kill('SIGKILL');
      }, options.stopDeadlineMs).unref();
      finishWhenAllExited();
    };
    const start = (index: number): Worker => {
      const worker = cluster.fork({ [workerIndexVariable]: String(index) });
      running.set(index, { worker, startedAt: Date.now() });
      worker.on('listening', (address) => {
        listening++;
        if (listening === workers)
          log(`${workers} worker processes serving on port ${address.port} (pids ${pids()})`);
      });
      worker.on('exit', (code, signal) => {
        const startedAt = running.get(index)?.startedAt ?? Date.now();
        running.delete(index);
        if (exitCode !== null) return finishWhenAllExited();
        const cause = signal === null ? `exit code ${code}` : `signal ${signal}`;
        if (Date.now() - startedAt < crashLoopWindowMs) {
          log(
            `worker ${index} stopped (${cause}) ${Math.round((Date.now() - startedAt) / 1000)} s after its start; stopping all workers`,
          );
          return stopAll(1);
        }
        const replacement = start(index);
        log(`worker ${index} stopped (${cause}); replaced by pid ${replacement.process.pid}`);
      });
      return worker;
    };
    const pids = () => [...running.values()].map(({ worker }) => worker.process.pid).join(', ');

    process.once('SIGINT', () => stopAll(0));
    process.once('SIGTERM', () => stopAll(0));
    for (let index = 1; index <= workers; index++) start(index);
  });
}
