/**
 * An upload on the PostgreSQL backend is searchable by its words before its vectors are in
 * (`indexForPostgresSearch` with `embed: 'none'`), and a second pass (`missing`) gives it its
 * vectors: then answer search and in-paper find rank exactly as for a paper indexed in one pass,
 * and the in-paper index read while the vectors were missing is read again.
 */
import { afterAll, expect, it } from 'vitest';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import { generateQuestions } from '../questions/generate-questions.js';
import { createRuleQuestionGenerator } from '../questions/rule-question-generator.js';
import { generatedPaper, generatedPapers } from '../test-support/generated-papers.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import { indexForPostgresSearch, papersAwaitingVectors } from './index-for-postgres-search.js';
import { createPostgresAnswerSearch } from './postgres-answer-search.js';

const embedder = createHashingEmbedder();
const settings = resolveFrameIndexSettings();
const databases = postgresTestDatabases(postgresTestUrl ?? '');
let stores: Store[] = [];

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

async function storeWith(papers: ReturnType<typeof generatedPapers>): Promise<Store> {
  const store = await databases.open(await databases.create());
  stores.push(store);
  for (const paper of papers) await store.papers.upsert(paper);
  return store;
}

async function index(store: Store, paperIds: string[], embed: 'none' | 'missing') {
  await generateQuestions({ store, generator: createRuleQuestionGenerator(), paperIds });
  return indexForPostgresSearch({ store, embedder, settings, paperIds, batchPapers: 4, embed });
}

async function frameVectors(store: Store, paperId: string): Promise<number> {
  const { rows } = await store.client.query<{ count: string }>(
    `SELECT count(*) AS count FROM vectors v JOIN frames f ON v.owner_id = f.id::text
     WHERE v.owner_kind = 'frame' AND f.paper_id = $1`,
    [paperId],
  );
  return Number(rows[0]?.count ?? 0);
}

const ranked = (hits: readonly { paperId: string; text: string; score: number }[]) =>
  hits.map((hit) => `${hit.paperId} ${hit.text} ${hit.score.toFixed(6)}`);

afterAll(async () => {
  for (const store of stores) await store.close();
  stores = [];
  await databases.dispose();
});

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'an upload answers by its words at once, and ranks as a one-pass index once its vectors are in',
  async () => {
    const earlier = generatedPapers(6);
    const upload = generatedPaper(6);
    // The reference: everything indexed in one pass.
    const reference = await storeWith([...earlier, upload]);
    await index(
      reference,
      [...earlier, upload].map((paper) => paper.id),
      'missing',
    );
    // The server: earlier papers indexed, then the upload words first.
    const served = await storeWith(earlier);
    await index(
      served,
      earlier.map((paper) => paper.id),
      'missing',
    );
    await served.papers.upsert(upload);
    const stats = await index(served, [upload.id], 'none');
    expect(stats.embeddedFrames).toBe(0);
    expect(await frameVectors(served, upload.id)).toBe(0);

    const search = createPostgresAnswerSearch({ store: served, embedder });
    const query = 'which learning rate did the transformer use with Adam?';
    const byWords = await search.search({ query, limit: 5, filter: { paperIds: [upload.id] } });
    expect(byWords.hits.length).toBeGreaterThan(0);
    expect(byWords.hits.every((hit) => hit.paperId === upload.id)).toBe(true);
    const findByWords = await search.findInPaper({ paperId: upload.id, query, mode: 'question' });
    expect(findByWords.wordsOnly).toBe(true);
    expect(findByWords.hits.length).toBeGreaterThan(0);

    // A server started now would give it its vectors (and nothing else).
    expect(await papersAwaitingVectors(served)).toEqual([upload.id]);
    await index(served, [upload.id], 'missing');
    expect(await frameVectors(served, upload.id)).toBeGreaterThan(0);
    expect(await papersAwaitingVectors(served)).toEqual([]);
    const expected = createPostgresAnswerSearch({ store: reference, embedder });
    expect(ranked((await search.search({ query, limit: 10 })).hits)).toEqual(
      ranked((await expected.search({ query, limit: 10 })).hits),
    );
    // The same search object: its in-paper index, read without vectors, is read again.
    const find = await search.findInPaper({ paperId: upload.id, query, mode: 'question' });
    const findExpected = await expected.findInPaper({
      paperId: upload.id,
      query,
      mode: 'question',
    });
    expect(find.wordsOnly).toBeUndefined();
    expect(find.hits.map((hit) => [hit.text, hit.score])).toEqual(
      findExpected.hits.map((hit) => [hit.text, hit.score]),
    );
  },
);
