/**
 * @module Stopping a server within a deadline: stop accepting, let requests in flight finish,
 * close idle keep-alive connections at once and every connection when the deadline passes, then
 * run the closers (the database last) — each also bounded — so SIGTERM always ends the process.
 */
import type { Server } from 'node:http';

export interface ShutdownOptions {
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>;
  deadlineMs: number;
  /** Run in order after the server has closed (or the deadline passed). */
  closers: (() => Promise<void>)[];
  log: (line: string) => void;
}

function within<T>(work: Promise<T>, milliseconds: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), milliseconds);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function shutDown(options: ShutdownOptions): Promise<void> {
  const startedAt = Date.now();
  const closed = new Promise<void>((resolve) => options.server.close(() => resolve()));
  options.server.closeIdleConnections();
  if ((await within(closed, options.deadlineMs)) === 'timeout') {
    options.log(`shutdown: requests still open after ${options.deadlineMs} ms; closing them`);
    options.server.closeAllConnections();
  }
  for (const close of options.closers) {
    const left = Math.max(1_000, options.deadlineMs - (Date.now() - startedAt));
    const result = await within(
      close().catch((error: unknown) => {
        options.log(`shutdown: ${error instanceof Error ? error.message : String(error)}`);
      }),
      left,
    );
    if (result === 'timeout') options.log('shutdown: a close step ran out of time');
  }
}
