/**
 * An interrupted `quarry pull` resumes: a real `quarry pull arxiv` process is killed with SIGKILL
 * while it fetches its second paper (the first stored and made searchable), and the same command
 * run again fetches only the second one, from its checkpoint, leaving no duplicate and the
 * database intact. The sources are a loopback server serving the fixtures of @quarry/ingest.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openStore } from '@quarry/store';
import { startLoopbackFixtureServer } from '@quarry/testing';
import type { FixtureServer } from '@quarry/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../main.js';
import { repositoryRoot } from '../settings.js';
import { captureIo } from '../test-support/captured-io.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');
const fixtures = resolve(repositoryRoot, 'packages/ingest/src/pull/fixtures');

let server: FixtureServer;
let folder: string;

beforeAll(async () => {
  server = await startLoopbackFixtureServer();
  folder = await mkdtemp(join(tmpdir(), 'quarry-pull-kill-'));
});

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

it(
  'continues from the checkpoint after kill -9, without duplicates',
  { timeout: 240_000 },
  async () => {
    const feed = readFileSync(join(fixtures, 'arxiv-feed.xml'), 'utf8').replace(
      /<entry>\s*<id>[^<]*\/api\/errors[\s\S]*?<\/entry>/,
      '',
    );
    server.route('/api/query', (_request, _url, response) =>
      response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(feed),
    );
    server.route('/pdf/0000.00021v2', (_request, _url, response) =>
      response.end(readFileSync(join(fixtures, 'arxiv-0000.00021v2.pdf'))),
    );
    let onSecondPdf: (() => void) | null = null;
    server.route('/pdf/0000.00022v1', (_request, _url, response) => {
      if (onSecondPdf) {
        // The first run is killed here, with this request unanswered.
        onSecondPdf();
        return;
      }
      response.end(readFileSync(join(fixtures, 'arxiv-0000.00022v1.pdf')));
    });
    const database = join(folder, 'db');
    const environment = {
      QUARRY_PULL_FOLDER: join(folder, 'pull'),
      QUARRY_ARXIV_API_URL: `${server.url}/api/query`,
      QUARRY_ARXIV_PDF_URL: `${server.url}/pdf`,
      QUARRY_ARXIV_INTERVAL_MS: '0',
      QUARRY_MODEL_CACHE: join(folder, 'models'),
    };
    const args = ['pull', 'arxiv', '0000.00021', '0000.00022', '--db', database];

    const child = spawn(process.execPath, [quarryBinary, ...args], {
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolveExit) =>
      child.once('exit', (_code, signal) => resolveExit(signal)),
    );
    await new Promise<void>((resolveKill, reject) => {
      onSecondPdf = () => {
        child.kill('SIGKILL');
        resolveKill();
      };
      void exited.then(() =>
        reject(new Error(`quarry pull ended before it was killed: ${stderr}`)),
      );
    });
    expect(await exited).toBe('SIGKILL');
    onSecondPdf = null;

    const io = captureIo(environment);
    const code = await run({ argv: [...args, '--json'], io });
    expect(code, io.err.join('')).toBe(0);
    expect(io.lastJson()).toMatchObject({ papers: 1, inserted: 1, indexed_papers: 1 });
    // Only the unfinished paper was asked for again.
    expect(server.requestsTo('/api/query').at(-1)?.url.searchParams.get('id_list')).toBe(
      '0000.00022',
    );
    expect(server.requestsTo('/pdf/0000.00021v2')).toHaveLength(1);

    const store = await openStore({ location: database });
    try {
      expect(await store.papers.count()).toBe(2);
      expect((await store.papers.list()).map((paper) => paper.id).sort()).toEqual([
        'arxiv-0000.00021',
        'arxiv-0000.00022',
      ]);
    } finally {
      await store.close();
    }
  },
);
