/**
 * @module A real `quarry serve` child process for CLI integration tests: a fresh embedded
 * database (or the PostgreSQL database the test names), an ephemeral port, the environment the test gives; ready when it says it is listening
 * (and whatever else `readyWhen` waits for); stopped with SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repositoryRoot } from '../settings.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');

export interface ServeProcess {
  url: string;
  /** The embedded database folder the server holds, or the database URL it serves. */
  database: string;
  /** The `quarry serve` process (the supervisor under `--workers`). */
  pid: number;
  /** Everything the server wrote to standard error so far. */
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startServeProcess(options: {
  environment: Record<string, string>;
  /** A database to serve (a postgres:// URL); a fresh embedded folder when left out. */
  database?: string;
  /** Extra text the standard error must contain before the server counts as ready. */
  readyWhen?: string;
  /** Arguments after `serve --db … --port 0` (e.g. `--workers 2`). */
  args?: string[];
}): Promise<ServeProcess> {
  const database =
    options.database ?? join(await mkdtemp(join(tmpdir(), 'quarry-serve-test-')), 'db');
  const child = spawn(
    process.execPath,
    [quarryBinary, 'serve', '--db', database, '--port', '0', ...(options.args ?? [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.environment },
    },
  );
  let stderr = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] && (options.readyWhen === undefined || stderr.includes(options.readyWhen)))
        resolveUrl(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`quarry serve exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    database,
    stderr: () => stderr,
    async stop() {
      // Stopped already (a test may stop it before the suite's own clean-up does).
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      return exited;
    },
  };
}
