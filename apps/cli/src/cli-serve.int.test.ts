/**
 * `quarry serve` as a user starts it: a fresh embedded database gets the starter catalog, the
 * health route answers, and SIGTERM stops the server cleanly.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './settings.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');

describe('quarry serve', () => {
  it('imports the starter catalog into an empty database and serves /api/health', async () => {
    const database = join(await mkdtemp(join(tmpdir(), 'quarry-serve-')), 'db');
    const server = spawn(
      process.execPath,
      [quarryBinary, 'serve', '--db', database, '--port', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let stderr = '';
        server.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(stderr);
          if (match?.[1]) resolveUrl(match[1]);
        });
        server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
      });
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      const health = (await response.json()) as Record<string, unknown>;
      expect(health).toMatchObject({ status: 'ok', database: 'pglite', papers: 0 });
      expect(health.datasets).toBeGreaterThanOrEqual(100);
    } finally {
      const exited = new Promise<number | null>((resolveExit) => server.on('exit', resolveExit));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
