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
  it(
    'imports the starter catalog into an empty database and serves /api/health',
    { timeout: 240_000 },
    async () => {
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

        const search = await fetch(
          `${url}/api/datasets/search?q=${encodeURIComponent('handwritten digit classification')}&limit=5`,
        );
        const found = (await search.json()) as {
          results: { datasetId: string; dataset: { name: string } | null }[];
        };
        expect(found.results.length).toBeGreaterThan(0);
        expect(found.results.map((result) => result.datasetId)).toContain('MNIST');

        const chat = await fetch(`${url}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            id: 'serve-test',
            messages: [
              {
                id: 'm1',
                role: 'user',
                parts: [{ type: 'text', text: 'image classification of handwritten digits' }],
              },
            ],
          }),
        });
        expect(chat.status).toBe(200);
        expect(await chat.text()).toContain('data-datasets');
      } finally {
        const exited = new Promise<number | null>((resolveExit) => server.on('exit', resolveExit));
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
  );
});
