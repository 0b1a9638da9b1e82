/**
 * The papers library through the app (`app.request`), on PGlite and on PostgreSQL: list with
 * title, year, source, sentence count and date added; search by title; paging within the limit;
 * delete behind the API token, with frames, questions, annotations and vectors gone from the store
 * and the paper gone from the live answer index; deletes rate-limited and audit-logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleQuestionGenerator, generateQuestions, loadFrameIndex } from '@quarry/frames';
import { memoryAnswerSearch, removePapersFromFrameIndex } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import type { Store } from '@quarry/store';
import { createApp } from '../create-app.js';
import type { LogEntry } from '../edge/request-log.js';
import { routePaper } from './test-support/route-papers.js';
import { testAccess, withToken } from './test-support/test-access.js';
import {
  postgresRequired,
  postgresTestUrl,
  testStoreBackends,
} from './test-support/test-stores.js';
import { createWordEmbedder } from './test-support/word-embedder.js';

interface LibraryPage {
  total: number;
  offset: number;
  limit: number;
  papers: {
    id: string;
    title: string;
    year: number | null;
    source: string;
    frames: number;
    addedAt: string;
  }[];
}

const titles = ['Detecting Oriented Text', 'Oriented Object Detection in Aerial Images', 'Speech'];

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe.each(testStoreBackends())('papers library on $name', (backend) => {
  let store: Store;
  let index: FrameIndex | null = null;
  const log: LogEntry[] = [];

  beforeAll(async () => {
    store = await backend.open();
    for (const [position, title] of titles.entries()) {
      await store.papers.upsert({
        ...routePaper,
        id: `paper-${position}`,
        title,
        year: 2015 + position,
        sentences: routePaper.sentences.slice(0, position + 2),
      });
    }
    await generateQuestions({ store, generator: createRuleQuestionGenerator() });
    ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
  });
  afterAll(async () => {
    await store.close();
    await backend.dispose();
  });

  const app = (limits: { paperDeletesPerMinute?: number; maxPapersPerPage?: number } = {}) =>
    createApp({
      store,
      version: 'test',
      access: testAccess,
      limits,
      logger: (entry) => log.push(entry),
      answers: () => index && memoryAnswerSearch(index, store),
      afterPaperDelete: async (paperId) => {
        if (index) ({ index } = await removePapersFromFrameIndex({ index, paperIds: [paperId] }));
      },
    });
  const page = async (query: string, limits = {}) => {
    const response = await app(limits).request(`/api/papers${query}`);
    return { status: response.status, body: (await response.json()) as LibraryPage };
  };
  const countRows = async (table: string, paperId: string) => {
    const joins: Record<string, string> = {
      frames: 'SELECT count(*)::int AS n FROM frames WHERE paper_id = $1',
      questions:
        'SELECT count(*)::int AS n FROM questions q JOIN frames f ON f.id = q.frame_id WHERE f.paper_id = $1',
      annotations: 'SELECT count(*)::int AS n FROM annotations WHERE paper_id = $1',
    };
    const { rows } = await store.client.query<{ n: number }>(joins[table] ?? '', [paperId]);
    return rows[0]?.n ?? -1;
  };
  const vectorCount = async () => {
    const { rows } = await store.client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vectors',
    );
    return rows[0]?.n ?? -1;
  };

  it('lists every paper with title, year, source, sentence count and date added', async () => {
    const { status, body } = await page('');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.papers.map((paper) => paper.title)).toEqual([...titles].sort());
    const speech = body.papers.find((paper) => paper.id === 'paper-2');
    expect(speech).toMatchObject({ title: 'Speech', year: 2017, source: 'text', frames: 4 });
    expect(Date.now() - Date.parse(speech?.addedAt ?? '')).toBeLessThan(10 * 60_000);
  });

  it('searches titles in any case and pages through the matches', async () => {
    const oriented = await page('?q=ORIENTED');
    expect(oriented.body.total).toBe(2);
    expect(oriented.body.papers.map((paper) => paper.id).sort()).toEqual(['paper-0', 'paper-1']);
    const first = await page('?q=oriented&limit=1');
    const second = await page('?q=oriented&limit=1&offset=1');
    expect(first.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect([first.body.papers[0]?.id, second.body.papers[0]?.id].sort()).toEqual([
      'paper-0',
      'paper-1',
    ]);
    expect((await page('?q=50%25')).body).toMatchObject({ total: 0, papers: [] });
  });

  it('refuses a page larger than the limit, naming the field', async () => {
    const tooLarge = await page('?limit=3', { maxPapersPerPage: 2 });
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain('limit');
    expect((await page('?limit=2', { maxPapersPerPage: 2 })).status).toBe(200);
  });

  it('deletes only with the API token, and logs an audit line', async () => {
    const refused = await app().request('/api/papers/paper-0', { method: 'DELETE' });
    expect(refused.status).toBe(401);
    expect(await store.papers.get('paper-0')).not.toBeNull();
    expect(log).toContainEqual(
      expect.objectContaining({ message: 'audit', method: 'DELETE', status: 401 }),
    );
  });

  it('deletes a paper with its frames, questions, annotations and vectors, and from the index', async () => {
    const annotation = await app().request(
      '/api/annotations',
      withToken({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paperId: 'paper-0',
          question: 'How fast does the detector run?',
          charStart: routePaper.sentences[1]?.charStart ?? 0,
          charEnd: routePaper.sentences[1]?.charEnd ?? 1,
        }),
      }),
    );
    expect(annotation.status).toBe(201);
    for (const table of ['frames', 'questions', 'annotations'])
      expect(await countRows(table, 'paper-0')).toBeGreaterThan(0);
    const vectorsBefore = await vectorCount();
    const search = async () => {
      const response = await app().request('/api/answers/search?q=segment%20linking%20model');
      const body = (await response.json()) as { hits: { paperId: string }[] };
      return body.hits.map((hit) => hit.paperId);
    };
    expect(await search()).toContain('paper-0');

    const deleted = await app().request('/api/papers/paper-0', withToken({ method: 'DELETE' }));
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      deleted: { id: 'paper-0', title: 'Detecting Oriented Text' },
    });
    expect((await app().request('/api/papers/paper-0')).status).toBe(404);
    for (const table of ['frames', 'questions', 'annotations'])
      expect(await countRows(table, 'paper-0')).toBe(0);
    expect(await vectorCount()).toBeLessThan(vectorsBefore);
    const { rows } = await store.client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vectors v WHERE v.owner_kind = 'frame'
         AND NOT EXISTS (SELECT 1 FROM frames f WHERE f.id::text = v.owner_id)`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(await search()).not.toContain('paper-0');
    expect((await page('')).body.total).toBe(2);
    expect(log).toContainEqual(
      expect.objectContaining({
        message: 'audit',
        method: 'DELETE',
        status: 200,
        authentication: 'bearer',
      }),
    );
  });

  it('answers 404 for a paper that is not there', async () => {
    const missing = await app().request(
      '/api/papers/no-such-paper',
      withToken({ method: 'DELETE' }),
    );
    expect(missing.status).toBe(404);
  });

  it('rate-limits deletes per client', async () => {
    const limited = app({ paperDeletesPerMinute: 1 });
    const first = await limited.request(
      '/api/papers/no-such-paper',
      withToken({ method: 'DELETE' }),
    );
    expect(first.status).toBe(404);
    const second = await limited.request('/api/papers/paper-1', withToken({ method: 'DELETE' }));
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await store.papers.get('paper-1')).not.toBeNull();
  });
});
