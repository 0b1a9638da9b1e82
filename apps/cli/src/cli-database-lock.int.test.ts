/**
 * One process owns an embedded database folder, across real processes: while `quarry serve` runs
 * on a folder, `quarry ingest`, `quarry stats` and `quarry doctor` on that folder exit non-zero at
 * once, naming the server's pid and command; after the server is killed with SIGKILL its stale
 * lock is taken over and the database is intact.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './settings.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');

/**
 * A hang guard, not a speed target (how fast a second process is refused is measured by
 * `quarry bench faults`): a CLI that waited for the lock instead of refusing would sit here until
 * the server is killed, which these tests only do after the refusals, so it is killed and reported
 * as hung.
 */
const hangGuardMs = 60_000;

function runQuarry(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; hung: boolean }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [quarryBinary, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, hangGuardMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolveRun({ code, stdout, stderr, hung });
    });
  });
}

function startServer(database: string): Promise<ChildProcessWithoutNullStreams> {
  const server = spawn(process.execPath, [quarryBinary, 'serve', '--db', database, '--port', '0'], {
    env: { ...process.env, QUARRY_API_TOKEN: 'lock-test-token-0123456789' },
  });
  return new Promise((resolveServer, reject) => {
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/listening on http/.test(stderr)) resolveServer(server);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
}

describe('one process per embedded database folder', () => {
  it(
    'refuses a second process at once while serve runs, and takes over after kill -9',
    { timeout: 300_000 },
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'quarry-lock-cli-'));
      const database = join(folder, 'db');
      const paper = join(folder, 'paper.txt');
      await writeFile(paper, 'A toy paper\n\nWe study toy digits. Our model is accurate.\n');
      const server = await startServer(database);
      try {
        // (`ingest papers` goes through the running server instead: cli-ingest-running-server.)
        for (const args of [
          ['export', 'annotations', '--db', database, '--out', join(folder, 'annotations.json')],
          ['stats', '--db', database],
          ['doctor', '--db', database],
        ]) {
          const second = await runQuarry(args);
          // doctor reports on standard output, the others on standard error.
          const said = `${second.stdout}${second.stderr}`;
          expect(second.hung, `${args[0]} waited for the lock instead of refusing`).toBe(false);
          expect(second.code, said).not.toBe(0);
          expect(said).toContain(`locked: it is in use by process ${server.pid}`);
          expect(said).toMatch(/quarry\.js serve --db/);
          expect(said).toMatch(/stop that process/);
        }
      } finally {
        server.kill('SIGKILL');
        await new Promise((resolveExit) => server.once('exit', resolveExit));
      }
      expect(existsSync(`${database}.lock`), 'SIGKILL leaves the lock behind').toBe(true);
      const after = await runQuarry(['stats', '--db', database, '--json']);
      expect(after.code, after.stderr).toBe(0);
      const stats = JSON.parse(after.stdout.trim().split('\n').at(-1) ?? '{}') as {
        datasets: number;
      };
      expect(stats.datasets).toBeGreaterThanOrEqual(100);
      expect(existsSync(`${database}.lock`), 'stats released the lock it took over').toBe(false);
      // The killed server's address record is ignored: ingest opens the folder itself.
      const ingest = await runQuarry(['ingest', 'papers', paper, '--db', database]);
      expect(ingest.code, ingest.stderr).toBe(0);
      expect(ingest.stderr).not.toContain('the Quarry server at');
    },
  );
});
