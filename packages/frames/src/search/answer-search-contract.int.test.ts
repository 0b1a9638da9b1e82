/**
 * One contract suite for the two search backends: the in-memory frame index over embedded PGlite
 * and the PostgreSQL backend over a real PostgreSQL (QUARRY_TEST_POSTGRES_URL; required in CI), on
 * the same papers. They must return the same ranking with the same scores. Allowed difference:
 * the order inside a group of exactly tied scores (memory breaks ties by reading order, PostgreSQL
 * by frame id). Then incremental changes on PostgreSQL, and two processes sharing one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import type { AnswerHit } from '../answer-hit.js';
import { loadFrameIndex } from '../load-frame-index.js';
import { generateQuestions } from '../questions/generate-questions.js';
import { createRuleQuestionGenerator } from '../questions/rule-question-generator.js';
import { generatedPapers } from '../test-support/generated-papers.js';
import {
  samplePapers,
  segmentationPaper,
  translationPaper,
} from '../test-support/sample-papers.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import type { AnswerSearch } from './answer-search.js';
import { indexForPostgresSearch } from './index-for-postgres-search.js';
import { memoryAnswerSearch } from './memory-answer-search.js';
import { createPostgresAnswerSearch } from './postgres-answer-search.js';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';

const papers = [...samplePapers, ...generatedPapers(12)];
const queries = [
  'What learning rate is used?',
  'mean IoU on Cityscapes',
  'How many BLEU points on WMT 2014?',
  'street scenes',
  'accuracy on the SQuAD development set',
  'which detector improves recall on COCO',
  'perplexity Penn Treebank after 20 epochs',
];
const embedder = createHashingEmbedder();
const settings = resolveFrameIndexSettings();

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

async function filledStore(store: Store, paperList = papers): Promise<Store> {
  for (const paper of paperList) await store.papers.upsert(paper);
  await generateQuestions({ store, generator: createRuleQuestionGenerator() });
  return store;
}

async function memorySearch(paperList = papers): Promise<{ store: Store; search: AnswerSearch }> {
  const store = await filledStore(await openStore({ location: 'memory://' }), paperList);
  const { index } = await loadFrameIndex({ store, embedder });
  return { store, search: memoryAnswerSearch(index, store) };
}

async function indexAll(store: Store, paperIds: readonly string[]): Promise<void> {
  await indexForPostgresSearch({
    store,
    embedder,
    settings,
    paperIds,
    batchPapers: 5,
    buildVectorIndexes: true,
  });
}

/** Hits as keys that name the same sentence on both backends (frame ids differ). */
const keyOf = (hit: AnswerHit) => `${hit.paperId}#${hit.sentenceIndex}`;

/** Same scores position by position; the same sentences, up to order within exact ties. */
function expectSameRanking(memory: AnswerHit[], postgres: AnswerHit[]): void {
  expect(postgres.map((hit) => hit.score)).toHaveLength(memory.length);
  for (const [position, hit] of memory.entries()) {
    expect(postgres[position]?.score).toBeCloseTo(hit.score, 5);
  }
  const groups = (hits: AnswerHit[]) => {
    const byScore = new Map<string, string[]>();
    for (const hit of hits) {
      const score = hit.score.toFixed(5);
      byScore.set(score, [...(byScore.get(score) ?? []), keyOf(hit)].sort());
    }
    return byScore;
  };
  const memoryGroups = groups(memory);
  const last = memory.at(-1)?.score.toFixed(5);
  for (const [score, keys] of groups(postgres)) {
    // A tie group cut by the limit may hold different members of the same tie.
    if (score === last) continue;
    expect(keys, `sentences scoring ${score}`).toEqual(memoryGroups.get(score));
  }
  // Each sentence's section kind and role read the same from either backend.
  const sectionOf = (hit: AnswerHit) => `${keyOf(hit)} ${hit.sectionKind} ${hit.sectionRole}`;
  const memorySections = new Set(memory.map(sectionOf));
  for (const hit of postgres) {
    if (memory.some((other) => keyOf(other) === keyOf(hit))) {
      expect(memorySections).toContain(sectionOf(hit));
    }
  }
}

describe.skipIf(!postgresRequired && !postgresTestUrl)('search backends on the same papers', () => {
  const databases = postgresTestDatabases(postgresTestUrl ?? '');
  let memory: { store: Store; search: AnswerSearch };
  let postgresStore: Store;
  let postgres: AnswerSearch;

  beforeAll(async () => {
    memory = await memorySearch();
    postgresStore = await filledStore(await databases.open(await databases.create()));
    await indexAll(
      postgresStore,
      papers.map((paper) => paper.id),
    );
    postgres = createPostgresAnswerSearch({ store: postgresStore, embedder });
  });

  afterAll(async () => {
    await memory.store.close();
    await postgresStore.close();
    await databases.dispose();
  });

  it.each(queries)('answer search ranks alike: %s', async (query) => {
    const [left, right] = await Promise.all([
      memory.search.search({ query, limit: 15 }),
      postgres.search({ query, limit: 15 }),
    ]);
    expect(left.hits.length).toBeGreaterThan(0);
    expectSameRanking(left.hits, right.hits);
    for (const [position, hit] of right.hits.entries()) {
      const twin = left.hits.find((other) => keyOf(other) === keyOf(hit));
      if (!twin) continue;
      expect(hit.text).toBe(twin.text);
      expect(hit.contextBefore).toBe(twin.contextBefore);
      expect(hit.contextAfter).toBe(twin.contextAfter);
      expect(hit.sectionTitle).toBe(twin.sectionTitle);
      expect(hit.lexical, `lexical of hit ${position}`).toBeCloseTo(twin.lexical, 6);
    }
  });

  it('say alike whether the best hit clearly answers, and rank a named paper first', async () => {
    const both = (query: string) =>
      Promise.all([
        memory.search.search({ query, limit: 8 }),
        postgres.search({ query, limit: 8 }),
      ]);
    const [offTopicMemory, offTopicPostgres] = await both(
      'Which telescope photographed the comet?',
    );
    expect(offTopicMemory.clearAnswer).toBe(false);
    expect(offTopicPostgres.clearAnswer).toBe(false);
    const [onTopicMemory, onTopicPostgres] = await both('baseline learning rate with Adam');
    expect(onTopicMemory.clearAnswer).toBe(true);
    expect(onTopicPostgres.clearAnswer).toBe(true);
    const [namedMemory, namedPostgres] = await both(
      'What learning rate does the street scene parsing model use?',
    );
    // The named paper's sentences come first, every one of them before any other paper's.
    for (const named of [namedMemory, namedPostgres]) {
      const papersInOrder = named.hits.map((hit) => hit.paperId === segmentationPaper.id);
      expect(papersInOrder[0]).toBe(true);
      const firstOther = papersInOrder.indexOf(false);
      expect(firstOther).toBeGreaterThan(0);
      expect(papersInOrder.slice(firstOther)).not.toContain(true);
    }
  });

  it('filters by paper, section and year alike', async () => {
    const filters = [
      { paperIds: [translationPaper.id, 'generated-3'] },
      { section: 'experiments' },
      { yearFrom: 2014, yearTo: 2018 },
    ];
    for (const filter of filters) {
      const query = 'learning rate with Adam';
      const [left, right] = await Promise.all([
        memory.search.search({ query, limit: 10, filter }),
        postgres.search({ query, limit: 10, filter }),
      ]);
      expect(left.hits.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expectSameRanking(left.hits, right.hits);
    }
  });

  it('finds inside a paper, suggests and answers FAQs alike', async () => {
    for (const mode of ['question', 'text'] as const) {
      const request = { paperId: 'generated-4', query: 'learning rate', mode, limit: 5 };
      const [left, right] = await Promise.all([
        memory.search.findInPaper(request),
        postgres.findInPaper(request),
      ]);
      expect(left.hits.length).toBeGreaterThan(0);
      expect(right.hits.map((hit) => [hit.sentenceIndex, hit.score])).toEqual(
        left.hits.map((hit) => [hit.sentenceIndex, hit.score]),
      );
    }
    const suggestion = { query: 'What', limit: 6 };
    const [leftSuggestions, rightSuggestions] = await Promise.all([
      memory.search.suggest(suggestion),
      postgres.suggest(suggestion),
    ]);
    expect(rightSuggestions.map((item) => item.text)).toEqual(
      leftSuggestions.map((item) => item.text),
    );
    const [leftFaq, rightFaq] = await Promise.all([
      memory.search.faq({ paperId: translationPaper.id, limit: 5 }),
      postgres.faq({ paperId: translationPaper.id, limit: 5 }),
    ]);
    expect(rightFaq.map((item) => item.text)).toEqual(leftFaq.map((item) => item.text));
    expect(await postgres.paperTitles()).toEqual(await memory.search.paperTitles());
  });

  it('refuses bad input with the same errors', async () => {
    await expect(postgres.search({ query: '  ' })).rejects.toThrow(/empty/);
    await expect(postgres.search({ query: 'x', limit: 0 })).rejects.toThrow(/limit/);
    await expect(
      postgres.findInPaper({ paperId: 'no-such-paper', query: 'x', mode: 'question' }),
    ).rejects.toThrow(/not in the answer index/);
  });
});
