/**
 * Answer search lists each sentence once on both backends: a sentence its paper states twice, and
 * the same sentence in a second copy of the paper (another id, the same title), come back once,
 * and the page is filled from the hits below them; the same sentence in another paper stays. The
 * memory backend always; PostgreSQL when QUARRY_TEST_POSTGRES_URL is set (required in CI).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder, paperFrom } from '@quarry/testing';
import type { AnswerHit } from '../answer-hit.js';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import { loadFrameIndex } from '../load-frame-index.js';
import { generatedPapers } from '../test-support/generated-papers.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import type { AnswerSearch } from './answer-search.js';
import { indexForPostgresSearch } from './index-for-postgres-search.js';
import { memoryAnswerSearch } from './memory-answer-search.js';
import { createPostgresAnswerSearch } from './postgres-answer-search.js';

const repeated = 'We counted the shore birds three times with different observers.';
const surveyTitle = 'Counting Shore Birds on Tidal Flats';

/** The survey states its counting sentence in the method and again under the results. */
const survey = paperFrom({
  id: 'tidal-survey',
  title: surveyTitle,
  year: 2020,
  sections: [
    {
      title: 'Method',
      sentences: [
        'Observers walked the tidal flats at low water every morning.',
        repeated,
        'Each count took about two hours per transect.',
      ],
    },
    {
      title: 'Results',
      sentences: [
        'Table 2 lists the counts of every species.',
        repeated,
        'The counts of the observers agreed within ten percent.',
      ],
    },
  ],
});

/** The same paper stored again from another file: another id, the same title and sentence. */
const surveyCopy = paperFrom({
  id: 'tidal-survey-pdf',
  title: surveyTitle,
  year: 2020,
  sections: [
    {
      title: 'Materials and methods',
      sentences: [
        'Birds were counted on foot at low tide.',
        'We counted the shore birds three times, with different observers.',
      ],
    },
  ],
});

/** Another paper with the very same sentence: evidence of its own. */
const otherStudy = paperFrom({
  id: 'estuary-study',
  title: 'Wader Numbers in a Northern Estuary',
  year: 2021,
  sections: [{ title: 'Method', sentences: [repeated, 'The estuary was surveyed in winter.'] }],
});

const papers = [survey, surveyCopy, otherStudy, ...generatedPapers(3)];
const embedder = createHashingEmbedder();
const query = 'How many times were the shore birds counted, and by whom?';

function sentenceKeys(hits: readonly AnswerHit[]): string[] {
  return hits.map((hit) => `${hit.paperTitle} | ${hit.text.replace(/\W+/g, ' ').trim()}`);
}

function expectEachSentenceOnce(hits: readonly AnswerHit[]): void {
  const keys = sentenceKeys(hits);
  expect(new Set(keys).size, keys.join('\n')).toBe(keys.length);
  const counting = hits.filter((hit) => hit.text.includes('counted the shore birds three times'));
  expect(counting.map((hit) => hit.paperTitle).sort()).toEqual(
    [surveyTitle, otherStudy.title].sort(),
  );
}

describe('answer search lists each sentence once: memory backend', () => {
  let store: Store;
  afterAll(async () => {
    await store.close();
  });

  it('returns a repeated or copied sentence once and fills the page from below', async () => {
    store = await openStore({ location: 'memory://' });
    for (const paper of papers) await store.papers.upsert(paper);
    const { index } = await loadFrameIndex({ store, embedder });
    const search: AnswerSearch = memoryAnswerSearch(index, store);
    const result = await search.search({ query, limit: 12 });
    expectEachSentenceOnce(result.hits);
    expect(result.hits).toHaveLength(12);
  });
});

describe.skipIf(!postgresRequired && !postgresTestUrl)(
  'answer search lists each sentence once: PostgreSQL backend',
  () => {
    const databases = postgresTestDatabases(postgresTestUrl ?? '');
    let store: Store;
    afterAll(async () => {
      await store?.close();
      await databases.dispose();
    });

    it('returns a repeated or copied sentence once and fills the page from below', async () => {
      store = await databases.open(await databases.create());
      for (const paper of papers) await store.papers.upsert(paper);
      const settings = resolveFrameIndexSettings();
      await indexForPostgresSearch({
        store,
        embedder,
        settings,
        paperIds: papers.map((paper) => paper.id),
        batchPapers: 5,
        buildVectorIndexes: true,
      });
      const search = createPostgresAnswerSearch({ store, embedder, settings });
      const result = await search.search({ query, limit: 12 });
      expectEachSentenceOnce(result.hits);
      expect(result.hits).toHaveLength(12);
    });
  },
);
