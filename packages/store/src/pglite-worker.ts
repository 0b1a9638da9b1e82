/**
 * @module The worker-thread side of the embedded database (pglite-worker-client.ts): opens PGlite
 * on the folder the main thread has locked and runs the statements it is sent, so that PostgreSQL's
 * WebAssembly, result parsing and fsyncs never run on the server's event loop. A transaction is
 * held open inside PGlite's own `transaction` (which keeps other statements out) until the main
 * thread ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { executorOver, openPgliteDatabase } from './pglite-client.js';
import type { EmbeddedDurability } from './durable-node-filesystem.js';
import type { SqlExecutor } from './sql-client.js';
import type { WorkerReply, WorkerRequest } from './pglite-worker-protocol.js';
import { serializedError } from './pglite-worker-protocol.js';

interface OpenTransaction {
  executor: SqlExecutor;
  end: (commit: boolean) => void;
  settled: Promise<void>;
}

if (parentPort === null) throw new Error('pglite-worker.js runs as a worker thread');
const port = parentPort;
const options = workerData as { dataDirectory?: string; durability?: EmbeddedDurability };

const reply = (message: WorkerReply) => port.postMessage(message);
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

/** Starts a transaction and resolves once statements can run in it. */
function begin(database: Awaited<ReturnType<typeof openPgliteDatabase>>): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((started, failed) => {
    let end: (commit: boolean) => void = () => undefined;
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const settled = database
      .transaction(async (transaction: Transaction) => {
        transactions.set(id, { executor: executorOver(transaction), end, settled });
        started(id);
        if (!(await ended)) await transaction.rollback();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (!transactions.has(id))
            failed(error instanceof Error ? error : new Error(String(error)));
          throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // The transaction record holds `settled`; the start is reported through `started`.
    settled.catch(() => undefined);
  });
}

async function main(): Promise<void> {
  let database: Awaited<ReturnType<typeof openPgliteDatabase>>;
  try {
    database = await openPgliteDatabase({
      dataDirectory: options.dataDirectory,
      ...(options.durability ? { durability: options.durability } : {}),
    });
  } catch (error) {
    reply({ id: 0, ok: false, error: serializedError(error) });
    return;
  }
  const client = executorOver(database);
  reply({ id: 0, ok: true, value: null });
  port.on('message', (request: WorkerRequest) => {
    void handle(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: serializedError(error) }),
    );
  });

  async function handle(request: WorkerRequest): Promise<unknown> {
    const executorOf = (transaction: number | undefined): SqlExecutor => {
      if (transaction === undefined) return client;
      const open = transactions.get(transaction);
      if (open === undefined) throw new Error(`transaction ${transaction} is not open`);
      return open.executor;
    };
    switch (request.kind) {
      case 'query':
        return executorOf(request.transaction).query(request.sql, request.params);
      case 'exec':
        await executorOf(request.transaction).exec(request.sql);
        return null;
      case 'begin':
        return begin(database);
      case 'end': {
        const open = transactions.get(request.transaction);
        if (open === undefined) throw new Error(`transaction ${request.transaction} is not open`);
        open.end(request.commit);
        await open.settled;
        return null;
      }
      case 'close':
        await database.close();
        return null;
    }
  }
}

void main();
