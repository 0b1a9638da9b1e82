/**
 * `quarry pull arxiv` into PostgreSQL (QUARRY_TEST_POSTGRES_URL; required in CI): the pulled
 * papers get their answer-search rows at once (the PostgreSQL search backend), so none is missing
 * from search and no `quarry index` is needed. The sources are a loopback server serving the
 * fixtures of @quarry/ingest.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { papersMissingFromSearch } from '@quarry/frames';
import { openStore } from '@quarry/store';
import { postgresRequired, startLoopbackFixtureServer, throwawayPostgres } from '@quarry/testing';
import type { FixtureServer } from '@quarry/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../main.js';
import { repositoryRoot } from '../settings.js';
import { captureIo } from '../test-support/captured-io.js';

const adminUrl = process.env.QUARRY_TEST_POSTGRES_URL;
const fixtures = resolve(repositoryRoot, 'packages/ingest/src/pull/fixtures');
const databases = throwawayPostgres(adminUrl ?? '', 'quarry_pull_test');
let databaseUrl = '';

let server: FixtureServer;
let folder: string;

// A test, not a hook: a failing hook would only mark the tests below skipped.
it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(adminUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

beforeAll(async () => {
  if (!adminUrl) return;
  databaseUrl = await databases.create();
  server = await startLoopbackFixtureServer();
  // Without the error entry arXiv sends for a malformed id (these ids are well-formed).
  const feed = readFileSync(join(fixtures, 'arxiv-feed.xml'), 'utf8').replace(
    /<entry>\s*<id>[^<]*\/api\/errors[\s\S]*?<\/entry>/,
    '',
  );
  server.route('/api/query', (_request, _url, response) =>
    response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(feed),
  );
  for (const name of ['0000.00021v2', '0000.00022v1']) {
    server.route(`/pdf/${name}`, (_request, _url, response) =>
      response.end(readFileSync(join(fixtures, `arxiv-${name}.pdf`))),
    );
  }
  folder = await mkdtemp(join(tmpdir(), 'quarry-pull-postgres-'));
});

afterAll(async () => {
  if (!adminUrl) return;
  await server.close();
  await rm(folder, { recursive: true, force: true });
  await databases.dispose();
});

it.skipIf(!postgresRequired && !adminUrl)(
  'writes the search rows of pulled papers at once',
  async () => {
    const url = new URL(databaseUrl);
    const io = captureIo({
      QUARRY_PULL_FOLDER: join(folder, 'pull'),
      QUARRY_ARXIV_API_URL: `${server.url}/api/query`,
      QUARRY_ARXIV_PDF_URL: `${server.url}/pdf`,
      QUARRY_ARXIV_INTERVAL_MS: '0',
      QUARRY_MODEL_CACHE: join(folder, 'models'),
    });
    const code = await run({
      argv: ['pull', 'arxiv', '0000.00021', '0000.00022', '--db', url.toString(), '--json'],
      io,
    });
    expect(code, io.err.join('')).toBe(0);
    expect(io.lastJson()).toMatchObject({ papers: 2, inserted: 2, indexed_papers: 2 });
    const store = await openStore({ location: url.toString() });
    try {
      expect(await store.papers.count()).toBe(2);
      expect(await papersMissingFromSearch(store)).toEqual([]);
      const { rows } = await store.client.query<{ papers: number }>(
        'SELECT count(DISTINCT f.paper_id)::int AS papers FROM frame_search s JOIN frames f ON f.id = s.frame_id',
      );
      expect(rows[0]?.papers).toBe(2);
    } finally {
      await store.close();
    }
  },
);
