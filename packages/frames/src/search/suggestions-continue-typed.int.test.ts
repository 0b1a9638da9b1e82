/**
 * Autocomplete completes what was typed, on both backends: a stored question that starts with the
 * typed text first, then questions by meaning only when they hold the typed words (the last one as
 * a prefix), and none rather than unrelated ones. The memory backend always; PostgreSQL when
 * QUARRY_TEST_POSTGRES_URL is set (required in CI).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder, paperFrom } from '@quarry/testing';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import { loadFrameIndex } from '../load-frame-index.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import type { AnswerSearch } from './answer-search.js';
import { indexForPostgresSearch } from './index-for-postgres-search.js';
import { memoryAnswerSearch } from './memory-answer-search.js';
import { createPostgresAnswerSearch } from './postgres-answer-search.js';

const paper = paperFrom({
  id: 'continual-learning',
  title: 'Continual Learning Without Forgetting',
  year: 2019,
  sections: [
    {
      title: 'Method',
      sentences: [
        'Fine-tuning on a new task overwrites the weights learned for earlier tasks.',
        'The model needs 12 GB of GPU memory for a batch of 32 examples.',
        'We train with a learning rate of 0.001 and the Adam optimiser.',
      ],
    },
  ],
});

const forgetting = 'Does fine-tuning cause catastrophic forgetting in these models?';
const memory = 'How much memory does the model need?';
const learningRate = 'What learning rate is used?';
const embedder = createHashingEmbedder();

async function filledStore(store: Store): Promise<Store> {
  await store.papers.upsert(paper);
  const frames = await store.papers.frames(paper.id);
  await store.questions.addMany(
    [forgetting, memory, learningRate].map((text, position) => ({
      frameId: frames[position]?.id ?? '',
      text,
      origin: 'annotation' as const,
    })),
  );
  return store;
}

async function expectCompletions(search: AnswerSearch): Promise<void> {
  const texts = async (query: string) =>
    (await search.suggest({ query, limit: 6 })).map((suggestion) => suggestion.text);
  // The case: only the question that holds the typed words, never the memory question.
  expect(await texts('which models suffer from catastrophic forget')).toEqual([forgetting]);
  // A prefix of a stored question is completed by it.
  expect((await texts('What learning r'))[0]).toBe(learningRate);
  // Words no question holds: nothing, rather than the nearest unrelated questions.
  expect(await texts('zebra migration patt')).toEqual([]);
}

describe('autocomplete completes the typed words: memory backend', () => {
  let store: Store;
  afterAll(async () => {
    await store.close();
  });

  it('suggests only questions that continue what was typed', async () => {
    store = await filledStore(await openStore({ location: 'memory://' }));
    const { index } = await loadFrameIndex({ store, embedder });
    await expectCompletions(memoryAnswerSearch(index, store));
  });
});

describe.skipIf(!postgresRequired && !postgresTestUrl)(
  'autocomplete completes the typed words: PostgreSQL backend',
  () => {
    const databases = postgresTestDatabases(postgresTestUrl ?? '');
    let store: Store;
    afterAll(async () => {
      await store?.close();
      await databases.dispose();
    });

    it('suggests only questions that continue what was typed', async () => {
      store = await filledStore(await databases.open(await databases.create()));
      const settings = resolveFrameIndexSettings();
      await indexForPostgresSearch({
        store,
        embedder,
        settings,
        paperIds: [paper.id],
        batchPapers: 5,
        buildVectorIndexes: true,
      });
      await expectCompletions(createPostgresAnswerSearch({ store, embedder, settings }));
    });
  },
);
