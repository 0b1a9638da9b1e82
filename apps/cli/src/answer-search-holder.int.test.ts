/**
 * The server's answer search on PostgreSQL (QUARRY_TEST_POSTGRES_URL; required in CI): an upload
 * (`addPapers`) is searchable by its words when the call returns and gets its vectors in a second
 * pass right after; a server that starts (`reload`) on papers whose vectors were never written
 * (stopped between the passes) gives them their vectors.
 */
import { afterAll, expect, it } from 'vitest';
import {
  indexForPostgresSearch,
  papersAwaitingVectors,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import {
  createHashingEmbedder,
  postgresRequired,
  postgresTestUrl,
  throwawayPostgres,
} from '@quarry/testing';
import { createAnswerSearchHolder } from './answer-search-holder.js';
import { topicPaper as paper } from './test-support/topic-paper.js';

const embedder = createHashingEmbedder();
const databases = throwawayPostgres(postgresTestUrl ?? '', 'quarry_holder');
const stores: Store[] = [];

afterAll(async () => {
  for (const store of stores.splice(0)) await store.close();
  await databases.dispose();
});

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

async function emptyStore(): Promise<Store> {
  const store = await openStore({ location: await databases.create() });
  stores.push(store);
  return store;
}

/** Waits, bounded, until `done` holds. */
async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'answers an upload by its words at once, then gives it its vectors',
  async () => {
    const store = await emptyStore();
    const lines: string[] = [];
    const holder = createAnswerSearchHolder({ store, embedder, log: (line) => lines.push(line) });
    expect(holder.backend).toBe('postgres');
    await store.papers.upsert(paper('staleness', 'replica staleness'));
    await holder.addPapers(['staleness']);
    const found = await holder.current()?.search({ query: 'replica staleness model', limit: 3 });
    expect(found?.hits.map((hit) => hit.paperId)).toContain('staleness');
    expect(lines.some((line) => /indexed 1 uploaded paper\(s\) by their words/.test(line))).toBe(
      true,
    );
    // The second pass, started by the upload, writes the vectors.
    await until(
      async () => (await papersAwaitingVectors(store)).length === 0,
      'the upload vectors',
    );
    await until(
      () => Promise.resolve(lines.some((line) => /uploaded paper\(s\) with vectors/.test(line))),
      'the second pass to be logged',
    );
  },
);

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'gives a paper left searchable only by its words its vectors when a server starts',
  async () => {
    const store = await emptyStore();
    await store.papers.upsert(paper('latency', 'tail latency'));
    // A server stopped between the two passes: words written, vectors not.
    await indexForPostgresSearch({
      store,
      embedder,
      settings: resolveFrameIndexSettings(),
      paperIds: ['latency'],
      batchPapers: 4,
      embed: 'none',
    });
    expect(await papersAwaitingVectors(store)).toEqual(['latency']);
    const lines: string[] = [];
    const holder = createAnswerSearchHolder({ store, embedder, log: (line) => lines.push(line) });
    await holder.reload();
    expect(await papersAwaitingVectors(store)).toEqual([]);
    expect(lines.some((line) => /indexed 1 unindexed paper\(s\) with vectors/.test(line))).toBe(
      true,
    );
  },
);
