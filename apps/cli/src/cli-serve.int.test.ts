/**
 * `quarry serve` as a user starts it: a fresh embedded database gets the first-start catalog and
 * planner statistics for every table holding rows, the health route answers, and SIGTERM stops the
 * server cleanly.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openStore, tablesMissingStatistics } from '@quarry/store';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './settings.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');

const token = 'serve-test-token-0123456789';

describe('quarry serve', () => {
  it(
    'imports the first-start catalog into an empty database and serves /api/health',
    { timeout: 240_000 },
    async () => {
      const database = join(await mkdtemp(join(tmpdir(), 'quarry-serve-')), 'db');
      const server = spawn(
        process.execPath,
        [quarryBinary, 'serve', '--db', database, '--port', '0'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, QUARRY_API_TOKEN: token },
        },
      );
      let stderr = '';
      try {
        const url = await new Promise<string>((resolveUrl, reject) => {
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
        // The server's own event-loop delay and memory, which `quarry bench load` reads.
        expect(health).toMatchObject({
          // The window's start lets the benchmark leave out windows from before its load.
          eventLoopDelayMs: {
            p99: expect.any(Number) as unknown,
            windowStartedAt: expect.any(Number) as unknown,
          },
          memoryMb: expect.any(Number) as unknown,
        });

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

        const form = new FormData();
        form.append('file', new File(['Title\n\nA sentence.'], 'paper.txt'));
        const anonymousUpload = await fetch(`${url}/api/papers`, { method: 'POST', body: form });
        expect(anonymousUpload.status).toBe(401);
        const crossSite = await fetch(`${url}/api/papers`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
        });
        expect(crossSite.status).toBe(403);

        // In-paper find on the served path reorders its best hits with the model's cross-encoder
        // (the query-embedding cache the server wraps the model in once dropped it).
        const paperForm = new FormData();
        paperForm.append(
          'file',
          new File(
            [
              'Street scenes\n\nWe recorded the street images in fifty cities across Europe. ' +
                'The network is trained for ten epochs with Adam on two GPUs. ' +
                'Related work segments indoor rooms with depth sensors.',
            ],
            'street-scenes.txt',
          ),
        );
        const upload = await fetch(`${url}/api/papers`, {
          method: 'POST',
          body: paperForm,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(upload.status).toBe(201);
        const uploaded = (await upload.json()) as { papers: { id: string }[] };
        const paperId = uploaded.papers[0]?.id ?? '';
        const find = await fetch(
          `${url}/api/papers/${encodeURIComponent(paperId)}/find?q=${encodeURIComponent('In how many cities were the images taken?')}&mode=question`,
        );
        const inPaper = (await find.json()) as { hits: { text: string; rerankScore?: number }[] };
        expect(inPaper.hits.length).toBeGreaterThan(1);
        expect(inPaper.hits.every((hit) => typeof hit.rerankScore === 'number')).toBe(true);
        expect(inPaper.hits[0]?.text).toContain('fifty cities');
        const requestLines = stderr
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.message === 'request');
        expect(requestLines.map((entry) => entry.route)).toContain('/api/health');
        expect(stderr).not.toContain(token);
      } finally {
        const exited = new Promise<number | null>((resolveExit) => server.on('exit', resolveExit));
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
      // What held rows at start has statistics: the catalog import analysed its tables, and the
      // start analysed the rest (schema_migrations), so no query was planned on empty guesses.
      const store = await openStore({ location: database });
      try {
        const missing = await tablesMissingStatistics(store.client);
        expect(missing).not.toContain('datasets');
        expect(missing).not.toContain('dataset_variants');
        expect(missing).not.toContain('schema_migrations');
      } finally {
        await store.close();
      }
    },
  );

  it('refuses to listen beyond loopback without an API token', { timeout: 60_000 }, async () => {
    const database = join(await mkdtemp(join(tmpdir(), 'quarry-serve-')), 'db');
    const environment = { ...process.env };
    delete environment.QUARRY_API_TOKEN;
    const server = spawn(
      process.execPath,
      [quarryBinary, 'serve', '--db', database, '--port', '0', '--host', '0.0.0.0'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: environment },
    );
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolveExit) => server.on('exit', resolveExit));
    expect(code).not.toBe(0);
    expect(stderr).toContain('without an API token');
    expect(stderr).toContain('QUARRY_API_TOKEN');
  });
});
