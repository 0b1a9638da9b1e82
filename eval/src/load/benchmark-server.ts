/**
 * @module The server a benchmark drives: either one it starts (`quarry serve` on 127.0.0.1, on a
 * throw-away copy of the given embedded database unless told to use it in place, with a token and
 * the limits chosen), or one already running at `--url`. Closing stops only a server it started.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError } from '@quarry/core';
import { startQuarryServer, waitUntilReady } from './quarry-server-process.js';
import type { QuarryServerProcess, ReadinessReport } from './quarry-server-process.js';

export interface BenchmarkServer {
  url: string;
  token: string | null;
  /** The server's process id when this benchmark started it (memory is read through /proc). */
  processId: number | null;
  /** The started process, or null for `--url`. */
  process: QuarryServerProcess | null;
  /** Where the started server keeps its data (a copy, unless in place). */
  database: string | null;
  readiness: ReadinessReport;
  close(): Promise<void>;
}

export interface OpenBenchmarkServerOptions {
  /** A running server to target; when given nothing is started. */
  url?: string;
  /** The token to send; a started server gets a fresh random one when this is not given. */
  token?: string;
  quarryBinary: string;
  /** Embedded folder or postgres:// URL for a started server. */
  database: string;
  /** Copy an embedded database folder first so the run leaves it untouched (default true). */
  copyDatabase?: boolean;
  /** The environment the server is started with (the caller's own, usually). */
  environment: Record<string, string | undefined>;
  /** Settings for a started server, e.g. QUARRY_RATE_LIMIT_PER_MINUTE. */
  serverSettings?: Record<string, string>;
  /**
   * A folder for V8 CPU profiles of a started server (`node --cpu-prof`); the profile is written
   * when the server stops.
   */
  cpuProfileDirectory?: string;
  /** Wait for the frame index (answer search stops answering 503) before returning. */
  waitForAnswers?: boolean;
  readyTimeoutMs?: number;
  log: (line: string) => void;
}

function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

export function freshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function openBenchmarkServer(
  options: OpenBenchmarkServerOptions,
): Promise<BenchmarkServer> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 300_000;
  const waitForAnswers = options.waitForAnswers ?? true;
  if (options.url !== undefined) {
    const url = options.url.replace(/\/$/, '');
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      throw new AppError({
        code: 'invalid_input',
        message: `refusing to load ${url}: the benchmarks target loopback only`,
        fix: 'run the server on 127.0.0.1 and pass --url http://127.0.0.1:PORT',
      });
    }
    const token = options.token ?? null;
    const readiness = await waitUntilReady({
      url,
      token,
      timeoutMs: readyTimeoutMs,
      waitForAnswers,
    });
    return {
      url,
      token,
      processId: null,
      process: null,
      database: null,
      readiness,
      close: () => Promise.resolve(),
    };
  }

  let database = options.database;
  let copyFolder: string | null = null;
  if (!isPostgresUrl(database) && database !== 'memory://' && options.copyDatabase !== false) {
    copyFolder = await mkdtemp(join(tmpdir(), 'quarry-bench-db-'));
    const copy = join(copyFolder, 'db');
    options.log(`copying ${database} to ${copy}`);
    await cp(resolve(database), copy, { recursive: true });
    database = copy;
  }
  const token = options.token ?? freshToken();
  const environment = {
    ...options.environment,
    QUARRY_API_TOKEN: token,
    ...options.serverSettings,
  };
  let server: QuarryServerProcess;
  try {
    server = await startQuarryServer({
      quarryBinary: options.quarryBinary,
      database,
      environment,
      ...(options.cpuProfileDirectory === undefined
        ? {}
        : {
            nodeArguments: ['--cpu-prof', '--cpu-prof-dir', resolve(options.cpuProfileDirectory)],
          }),
      onStderrLine: (line) => options.log(`server: ${line}`),
    });
  } catch (error) {
    if (copyFolder) await rm(copyFolder, { recursive: true, force: true });
    throw error;
  }
  const close = async () => {
    await server.stop();
    if (copyFolder) await rm(copyFolder, { recursive: true, force: true });
  };
  try {
    const readiness = await waitUntilReady({
      url: server.url,
      token,
      timeoutMs: readyTimeoutMs,
      waitForAnswers,
    });
    return {
      url: server.url,
      token,
      processId: server.processId,
      process: server,
      database,
      readiness,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
