/**
 * @module The embedded database on a worker thread of its own (`QUARRY_EMBEDDED_DB_THREAD=worker`,
 * what `quarry serve` uses): the same SqlClient as pglite-client.ts, but PostgreSQL's WebAssembly,
 * the parsing of results and the fsyncs of commits run on pglite-worker.ts, so the server's event
 * loop only posts statements and receives rows. The folder lock is taken here, in the process's
 * main thread, before the worker opens the folder. Statements run one at a time in the worker, as
 * they do in PGlite; a transaction keeps other statements waiting until it ends.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '@quarry/core';
import { acquireDatabaseFolderLock } from './database-folder-lock.js';
import type { DatabaseFolderLock } from './database-folder-lock.js';
import type { EmbeddedDurability } from './durable-node-filesystem.js';
import { openFailure } from './pglite-client.js';
import { revivedError } from './pglite-worker-protocol.js';
import type { WorkerReply, WorkerRequest } from './pglite-worker-protocol.js';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client.js';

/**
 * The worker's entry, built to `dist/pglite-worker.js` (tsc). Under vitest this module runs from
 * `src/` as TypeScript, which a worker thread cannot load, so the built entry is used (`npm test`
 * builds first).
 */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('../dist/pglite-worker.js', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

type Request = WorkerRequest extends infer Each
  ? Each extends { id: number }
    ? Omit<Each, 'id'>
    : never
  : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export async function createPgliteWorkerClient(options: {
  /** The data directory; undefined means a throw-away in-memory database. */
  dataDirectory?: string;
  durability?: EmbeddedDurability;
}): Promise<SqlClient> {
  const { dataDirectory } = options;
  const lock: DatabaseFolderLock | null = dataDirectory
    ? acquireDatabaseFolderLock({ directory: dataDirectory })
    : null;
  const worker = new Worker(workerUrl, {
    workerData: {
      ...(dataDirectory === undefined ? {} : { dataDirectory }),
      ...(options.durability ? { durability: options.durability } : {}),
    },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;

  const stopped = (why: string, cause?: unknown) =>
    new AppError({
      code: 'storage_failure',
      message: `the embedded database worker ${why}`,
      where: dataDirectory ?? 'memory',
      fix: 'restart Quarry; the log has the cause',
      ...(cause === undefined ? {} : { cause }),
    });
  const failAll = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    worker.unref();
  };

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (waiting === undefined) return;
    pending.delete(reply.id);
    // Idle, the worker does not keep the process alive (as an idle PGlite does not).
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(revivedError(reply.error));
  });
  worker.on('error', (error) => failAll(stopped('failed', error)));
  worker.on('exit', (code) => failAll(stopped(`exited (code ${code})`)));

  const call = (request: Request): Promise<unknown> => {
    if (failure !== null) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    lock?.release();
    throw openFailure(error, dataDirectory);
  }

  const executorIn = (transaction?: number): SqlExecutor => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await call({
        kind: 'query',
        sql,
        params: [...params],
        ...(transaction === undefined ? {} : { transaction }),
      })) as SqlResult<Row>;
    },
    async exec(sql: string) {
      await call({ kind: 'exec', sql, ...(transaction === undefined ? {} : { transaction }) });
    },
  });

  let closed = false;
  return {
    kind: 'pglite',
    location: dataDirectory ?? 'memory',
    ...executorIn(),
    async transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T> {
      const transaction = (await call({ kind: 'begin' })) as number;
      let result: T;
      try {
        result = await work(executorIn(transaction));
      } catch (error) {
        await call({ kind: 'end', transaction, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ kind: 'end', transaction, commit: true });
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (failure === null) await call({ kind: 'close' });
      } finally {
        failure ??= stopped('was closed');
        await worker.terminate();
        lock?.release();
      }
    },
  };
}
