/**
 * Several `quarry index --shared` processes on one PostgreSQL database: each batch of papers is
 * claimed with advisory locks, so two indexers running at once embed every frame exactly once
 * between them, and a claim held by a process that died (its connection closed) is taken over.
 * Each indexer has its own store (its own connection pool), as separate processes would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import { generatedPapers } from '../test-support/generated-papers.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import { indexForPostgresSearch, papersMissingFromSearch } from './index-for-postgres-search.js';
import { createPaperClaimer } from './paper-claims.js';

const embedder = createHashingEmbedder();
const settings = resolveFrameIndexSettings();
const databases = postgresTestDatabases(postgresTestUrl ?? '');
const runs = !postgresRequired && !postgresTestUrl ? it.skip : it;
let url: string;
let first: Store;
let second: Store;

beforeAll(async () => {
  if (!postgresTestUrl) return;
  url = await databases.create();
  first = await databases.open(url);
  second = await databases.open(url);
  for (const paper of generatedPapers(12)) await first.papers.upsert(paper);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await databases.dispose();
});

runs('two indexers running at once share the papers and embed every frame once', async () => {
  const candidates = await papersMissingFromSearch(first, embedder.modelId);
  expect(candidates).toHaveLength(12);
  const index = (store: Store) =>
    indexForPostgresSearch({
      store,
      embedder,
      settings,
      paperIds: candidates,
      batchPapers: 2,
      claim: true,
      buildVectorIndexes: true,
    });
  const [one, two] = await Promise.all([index(first), index(second)]);
  const { rows } = await first.client.query<{ frames: number }>(
    'SELECT count(*)::int AS frames FROM frames',
  );
  const frames = rows[0]?.frames ?? 0;
  expect(frames).toBeGreaterThan(0);
  expect(one.papers + two.papers).toBe(12);
  expect(one.embeddedFrames + two.embeddedFrames).toBe(frames);
  expect(one.papers).toBeGreaterThan(0);
  expect(two.papers).toBeGreaterThan(0);
  expect(await papersMissingFromSearch(first, embedder.modelId)).toEqual([]);
  // A model change: every paper needs work again, and only the frames lacking the new vectors.
  expect(await papersMissingFromSearch(first, 'another-model@000000000000')).toHaveLength(12);
});

runs('a claim held by a process that died is taken over; a held one is skipped', async () => {
  const papers = ['generated-0', 'generated-1', 'generated-2'];
  const everyPaper = (ids: readonly string[]) => Promise.resolve([...ids]);
  const dying = await databases.open(url);
  const held = await createPaperClaimer({
    store: dying,
    candidates: papers,
    stillNeedsWork: everyPaper,
  }).next(2);
  expect(held?.paperIds).toEqual(['generated-0', 'generated-1']);
  const other = createPaperClaimer({
    store: first,
    candidates: papers,
    stillNeedsWork: everyPaper,
  });
  const meanwhile = await other.next(3);
  expect(meanwhile?.paperIds).toEqual(['generated-2']);
  await meanwhile?.release();
  // The process dies (kill -9): its connection drops, and PostgreSQL releases its locks. The
  // claim's transaction is the only one left open ("idle in transaction") on this database.
  await first.client.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'`,
  );
  await held?.release().catch(() => undefined);
  await dying.close().catch(() => undefined);
  const afterwards = await createPaperClaimer({
    store: second,
    candidates: papers,
    stillNeedsWork: everyPaper,
  }).next(3);
  expect(afterwards?.paperIds).toEqual(papers);
  await afterwards?.release();
});
