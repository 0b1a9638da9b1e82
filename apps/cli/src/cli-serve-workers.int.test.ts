/**
 * `quarry serve --workers N`: N real server processes on one port and one PostgreSQL database
 * (QUARRY_TEST_POSTGRES_URL; required in CI). Both workers answer (each is killed in turn and the
 * other goes on serving), a killed worker is replaced, a paper uploaded through the port is found
 * through it, and SIGTERM stops them all. On the embedded database `--workers` is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresRequired, postgresTestUrl, throwawayPostgres } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { crashLoopWindowMs } from './serve/serve-workers.js';
import { captureIo } from './test-support/captured-io.js';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

const adminUrl = postgresTestUrl;
const databases = throwawayPostgres(adminUrl ?? '', 'quarry_serve_workers');
const token = randomBytes(24).toString('hex');

const paperText = [
  'Tidal Turbine Wake Recovery Measured by Drifting Buoys',
  '',
  'We track the wake behind a tidal turbine with a fleet of GPS drifting buoys.',
  'The wake recovers 90 percent of the free stream velocity within 14 rotor diameters.',
].join('\n');

function workerPids(server: ServeProcess): number[] {
  const match = /worker processes serving on port \d+ \(pids ([\d, ]+)\)/.exec(server.stderr());
  return (match?.[1] ?? '').split(', ').map(Number);
}

/** Every one of `count` requests on fresh connections is answered 200. */
async function allAnswered(server: ServeProcess, count: number): Promise<boolean> {
  for (let request = 0; request < count; request += 1) {
    const response = await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } });
    await response.body?.cancel();
    if (response.status !== 200) return false;
  }
  return true;
}

async function waitFor(condition: () => boolean, withinMs: number): Promise<void> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > withinMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A test, not a hook: a failing hook would only mark the tests below skipped.
it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(adminUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe('quarry serve --workers', () => {
  it('refuses more than one worker on the embedded database, naming PostgreSQL', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'quarry-workers-')), 'db');
    const io = captureIo();
    expect(await run({ argv: ['serve', '--db', folder, '--workers', '2'], io })).toBe(65);
    expect(io.err.join('')).toMatch(/--workers 2 needs PostgreSQL/);
    const invalid = captureIo();
    expect(await run({ argv: ['serve', '--db', folder, '--workers', '0'], io: invalid })).toBe(65);
    expect(invalid.err.join('')).toMatch(/--workers must be a whole number from 1 to 32, got "0"/);
  });

  describe('on PostgreSQL', () => {
    let server: ServeProcess | null = null;

    beforeAll(async () => {
      if (!adminUrl) return;
      server = await startServeProcess({
        database: await databases.create(),
        args: ['--workers', '2'],
        readyWhen: 'worker processes serving on port',
        environment: { QUARRY_API_TOKEN: token, QUARRY_REQUEST_LOG: 'off' },
      });
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await databases.dispose();
    });

    it.skipIf(!postgresRequired && !adminUrl)(
      'serves from both workers, replaces a killed one, finds an upload and stops on SIGTERM',
      async () => {
        if (!server) throw new Error('the server should have started');
        const serving = server;
        const [first, second] = workerPids(serving);
        if (!first || !second) throw new Error(`no worker pids in: ${serving.stderr()}`);
        expect(first).not.toBe(second);

        const form = new FormData();
        form.append('file', new Blob([paperText]), 'tidal-wake.txt');
        const upload = await fetch(`${serving.url}/api/papers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        expect(upload.status, await upload.clone().text()).toBe(201);
        const found = await fetch(
          `${serving.url}/api/answers/search?q=${encodeURIComponent('how fast does the turbine wake recover?')}&limit=3`,
        );
        const { hits } = (await found.json()) as { hits: { text: string }[] };
        expect(hits.map((hit) => hit.text)).toContain(
          'The wake recovers 90 percent of the free stream velocity within 14 rotor diameters.',
        );

        // A worker killed sooner than this after its start would count as a crash loop.
        await new Promise((resolve) => setTimeout(resolve, crashLoopWindowMs + 500));
        process.kill(first, 'SIGKILL');
        await waitFor(() => serving.stderr().includes('worker 1 stopped (signal SIGKILL)'), 5_000);
        // Only the second worker is left until the replacement listens: it answers everything.
        expect(await allAnswered(serving, 10)).toBe(true);
        await waitFor(() => (serving.stderr().match(/listening on/g) ?? []).length >= 2, 30_000);
        process.kill(second, 'SIGKILL');
        await waitFor(() => serving.stderr().includes('worker 2 stopped (signal SIGKILL)'), 5_000);
        // Now the replacement of the first answers alone.
        expect(await allAnswered(serving, 10)).toBe(true);

        const replacements = [...serving.stderr().matchAll(/replaced by pid (\d+)/g)].map((match) =>
          Number(match[1]),
        );
        expect(replacements).toHaveLength(2);
        expect(await serving.stop()).toBe(0);
        // The supervisor exits only after its workers have.
        for (const pid of replacements) expect(() => process.kill(pid, 0)).toThrow();
      },
      120_000,
    );
  });
});
