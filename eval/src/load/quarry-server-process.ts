/**
 * @module A real `quarry serve` child process on 127.0.0.1 for the load, hostile-input and fault
 * benchmarks: started on a chosen database and port, ready once it answers, measured from outside
 * (/proc), and stopped by a signal of the caller's choosing (SIGKILL too, for the fault rounds).
 */
import { spawn } from 'node:child_process';
import { AppError } from '@quarry/core';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartQuarryServerOptions {
  /** The `quarry` entry point (apps/cli/bin/quarry.js). */
  quarryBinary: string;
  /** Embedded database folder or postgres:// URL (`--db`). */
  database: string;
  /** 0 (the default) lets the system choose a free port. */
  port?: number;
  /** The child's whole environment (the caller's plus e.g. QUARRY_API_TOKEN). */
  environment: Record<string, string | undefined>;
  /** Longest wait for the "listening on" line (default 180 s: a large frame index loads first). */
  startTimeoutMs?: number;
  /** Each line the server writes to standard error. */
  onStderrLine?: (line: string) => void;
  /** Node options for the child, e.g. ['--cpu-prof', '--cpu-prof-dir', DIR] to profile it. */
  nodeArguments?: readonly string[];
}

export interface QuarryServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  readonly processId: number;
  readonly exited: Promise<ServerExit>;
  exitStatus(): ServerExit | null;
  /** The last 16 KiB of the server's standard error. */
  stderrTail(): string;
  /** Sends `signal` (default SIGTERM), waits up to `timeoutMs` (default 15 s), then SIGKILL. */
  stop(options?: { signal?: NodeJS.Signals; timeoutMs?: number }): Promise<ServerExit>;
}

const loopback = '127.0.0.1';
const stderrTailCharacters = 16 * 1024;

export async function startQuarryServer(
  options: StartQuarryServerOptions,
): Promise<QuarryServerProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArguments ?? []),
      options.quarryBinary,
      'serve',
      '--db',
      options.database,
      '--host',
      loopback,
      '--port',
      String(options.port ?? 0),
    ],
    { env: options.environment, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let tail = '';
  let partialLine = '';
  let exitStatus: ServerExit | null = null;
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exitStatus = { code, signal };
      resolve(exitStatus);
    });
  });
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new AppError({
          code: 'internal',
          message: `quarry serve did not start listening within ${options.startTimeoutMs ?? 180_000} ms`,
          fix: `read its output: ${tail.slice(-2000)}`,
        }),
      );
    }, options.startTimeoutMs ?? 180_000);
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-stderrTailCharacters);
      partialLine += text;
      const lines = partialLine.split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) {
        options.onStderrLine?.(line);
        const match = /listening on (http:\/\/[^\s)]+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1].replace(/\/$/, ''));
        }
      }
    });
    void exited.then((status) => {
      clearTimeout(timer);
      reject(
        new AppError({
          code: 'internal',
          message: `quarry serve exited (code ${status.code}, signal ${status.signal}) before listening`,
          fix: `read its output: ${tail.slice(-2000)}`,
        }),
      );
    });
  });
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    if (exitStatus === null) child.kill('SIGKILL');
    throw error;
  }
  const port = Number(new URL(url).port);
  return {
    // The server may print its bind address (0.0.0.0 never here: we pass 127.0.0.1).
    url: `http://${loopback}:${port}`,
    port,
    processId: child.pid ?? -1,
    exited,
    exitStatus: () => exitStatus,
    stderrTail: () => tail,
    async stop(stopOptions = {}) {
      if (exitStatus !== null) return exitStatus;
      child.kill(stopOptions.signal ?? 'SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), stopOptions.timeoutMs ?? 15_000);
        timer.unref();
      });
      const first = await Promise.race([exited, timeout]);
      if (first !== 'timeout') return first;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

export interface ReadinessReport {
  /** Milliseconds until GET /api/health answered 200. */
  healthMs: number;
  /** Milliseconds until answer search stopped answering 503 (the frame index loaded), or null. */
  answersMs: number | null;
}

/**
 * Waits until GET /api/health answers 200 and, with `waitForAnswers`, until answer search no
 * longer answers 503 (the server loads its frame index in the background after listening).
 */
export async function waitUntilReady(options: {
  url: string;
  token: string | null;
  timeoutMs: number;
  waitForAnswers: boolean;
}): Promise<ReadinessReport> {
  const started = performance.now();
  const headers: Record<string, string> = options.token
    ? { authorization: `Bearer ${options.token}` }
    : {};
  const poll = async (path: string, ready: (status: number) => boolean): Promise<boolean> => {
    while (performance.now() - started < options.timeoutMs) {
      try {
        const response = await fetch(`${options.url}${path}`, {
          headers,
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer();
        if (ready(response.status)) return true;
      } catch {
        // Not listening yet, or busy: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };
  if (!(await poll('/api/health', (status) => status === 200))) {
    throw new AppError({
      code: 'internal',
      message: `${options.url}/api/health did not answer 200 within ${options.timeoutMs} ms`,
      fix: 'check that the server started (its output) and that --token matches QUARRY_API_TOKEN',
    });
  }
  const healthMs = performance.now() - started;
  if (!options.waitForAnswers) return { healthMs, answersMs: null };
  const answered = await poll('/api/answers/search?q=dataset&limit=1', (status) => status !== 503);
  return { healthMs, answersMs: answered ? performance.now() - started : null };
}
