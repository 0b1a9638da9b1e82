import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestPapers } from '@quarry/ingest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder, hasSharedData, sharedDataPath } from '@quarry/testing';
import type { FrameIndex } from './frame-index.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import { loadFrameIndex } from './load-frame-index.js';
import { generateQuestions } from './questions/generate-questions.js';
import { createRuleQuestionGenerator } from './questions/rule-question-generator.js';
import { segmentationPaper, translationPaper } from './test-support/sample-papers.js';
import {
  addPapersToFrameIndex,
  fillPaperVectors,
  removePapersFromFrameIndex,
} from './update-frame-index.js';
import { findInPaper } from './find-in-paper.js';

/**
 * Three real SciREX papers from the shared data folder. Without them the tests still run on the two
 * sample papers locally; in CI (`CI=true`) `hasSharedData` throws, so a missing folder fails the
 * file instead of letting the weaker two-paper run pass.
 */
const scirexRelativePaths = [
  '000f90380d768a85e2316225854fc377c079b5c4.json',
  '0012de6bec1f25599e4f02517637e531a71909b9.json',
  '007ab5528b3bd310a80d553cccad4b78dc496b02.json',
].map((name) => `scirex/papers/${name}`);
const hasScirex = hasSharedData(...scirexRelativePaths);
const scirexFiles = scirexRelativePaths.map((path) => sharedDataPath(path));

const queries = [
  'what learning rate is used',
  'mean IoU on Cityscapes',
  'BLEU score on WMT English German',
  'which dataset is used for evaluation',
  'how many layers does the network have',
  'state of the art accuracy',
];

/** Hits sorted by score, then frame id (rows differ between the two indexes, so ties may too). */
async function rankings(index: FrameIndex, settings?: { paperIds?: string[] }) {
  const results = [];
  for (const query of queries) {
    const { hits } = await index.search({
      query,
      limit: 20,
      ...(settings?.paperIds ? { filter: { paperIds: settings.paperIds } } : {}),
    });
    results.push(
      hits
        .map((hit) => ({ frameId: hit.frameId, score: hit.score, question: hit.matchedQuestion }))
        .sort(
          (left, right) => right.score - left.score || left.frameId.localeCompare(right.frameId),
        ),
    );
  }
  return results;
}

function expectSameRankings(
  actual: Awaited<ReturnType<typeof rankings>>,
  expected: Awaited<ReturnType<typeof rankings>>,
): void {
  expect(actual.map((hits) => hits.map((hit) => hit.frameId))).toEqual(
    expected.map((hits) => hits.map((hit) => hit.frameId)),
  );
  for (const [query, hits] of actual.entries()) {
    for (const [position, hit] of hits.entries()) {
      expect(hit.score).toBeCloseTo(expected[query]?.[position]?.score ?? Number.NaN, 6);
    }
  }
}

describe.each([
  { name: 'default settings', settings: {} },
  { name: 'question BM25 on', settings: { questionLexicalWeight: 0.3 } },
])('adding papers to a loaded frame index ($name)', ({ settings }) => {
  let store: Store;
  const embedder = createHashingEmbedder();
  const indexSettings: Partial<FrameIndexSettings> = settings;
  let firstIds: string[];
  let lastId: string;

  beforeEach(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(translationPaper);
    await store.papers.upsert(segmentationPaper);
    if (hasScirex) await ingestPapers({ store, paths: scirexFiles });
    const ids = (await store.papers.list({ limit: 100 })).map((paper) => paper.id).sort();
    expect(ids).toHaveLength(hasScirex ? 2 + scirexFiles.length : 2);
    await generateQuestions({ store, generator: createRuleQuestionGenerator() });
    // The paper added last sits in the middle of the id order, where a full load puts it.
    lastId = ids[Math.floor(ids.length / 2)] ?? '';
    firstIds = ids.filter((id) => id !== lastId);
  });
  afterEach(async () => {
    await store.close();
  });

  /** Puts the paper `lastId` back into the store, with its questions. */
  async function storeLastPaper(): Promise<void> {
    const samplePaper = [translationPaper, segmentationPaper].find((paper) => paper.id === lastId);
    if (samplePaper) await store.papers.upsert(samplePaper);
    else await ingestPapers({ store, paths: scirexFiles.filter((path) => path.includes(lastId)) });
    await generateQuestions({
      store,
      generator: createRuleQuestionGenerator(),
      paperIds: [lastId],
    });
  }

  it('load N papers, add one: ranks exactly as a load from scratch of the N + 1', async () => {
    await store.papers.remove(lastId);
    const first = await loadFrameIndex({ store, embedder, settings: indexSettings });
    expect(first.index.paperIds().sort()).toEqual([...firstIds].sort());
    const before = await rankings(first.index);

    await storeLastPaper();
    const added = await addPapersToFrameIndex({ index: first.index, store, paperIds: [lastId] });
    const scratch = await loadFrameIndex({ store, embedder, settings: indexSettings });
    expect(added.stats.papers).toBe(1);
    expect(added.index.frameCount).toBe(scratch.index.frameCount);
    expect(added.index.questionCount).toBe(scratch.index.questionCount);
    expectSameRankings(await rankings(added.index), await rankings(scratch.index));
    const somePapers = { paperIds: [lastId, firstIds[0] ?? ''] };
    expectSameRankings(
      await rankings(added.index, somePapers),
      await rankings(scratch.index, somePapers),
    );
    // The index it grew from answers as before (searches in flight see the old corpus).
    expectSameRankings(await rankings(first.index), before);
    expect(first.index.paperRange(lastId)).toBeUndefined();
  });

  it('ranks exactly as a load from scratch of N papers after removing one', async () => {
    const full = await loadFrameIndex({ store, embedder, settings: indexSettings });
    const removed = await removePapersFromFrameIndex({ index: full.index, paperIds: [lastId] });
    expect(removed.stats).toMatchObject({ papers: 1 });
    await store.papers.remove(lastId);
    const scratch = await loadFrameIndex({ store, embedder, settings: indexSettings });
    expectSameRankings(await rankings(removed.index), await rankings(scratch.index));
  });

  it('reads and embeds only the new paper, and replaces a paper it already holds', async () => {
    await store.papers.remove(lastId);
    const first = await loadFrameIndex({ store, embedder, settings: indexSettings });
    await storeLastPaper();
    const framesOfPaper = (await store.papers.frames(lastId)).length;
    const pages: unknown[] = [];
    const framesPage = store.papers.framesPage.bind(store.papers);
    store.papers.framesPage = (options) => {
      pages.push(options);
      return framesPage(options);
    };
    const added = await addPapersToFrameIndex({ index: first.index, store, paperIds: [lastId] });
    expect(pages).toEqual([]);
    expect(added.stats.embeddedFrames).toBe(framesOfPaper);
    expect(added.index.paperRange(lastId)).toEqual({
      start: first.index.frameCount,
      end: first.index.frameCount + framesOfPaper,
    });
    // Again: the paper is held, so it is replaced, not duplicated; its vectors are now stored.
    const again = await addPapersToFrameIndex({ index: added.index, store, paperIds: [lastId] });
    expect(again.stats.embeddedFrames).toBe(0);
    expect(again.index.frameCount).toBe(added.index.frameCount);
    expectSameRankings(await rankings(again.index), await rankings(added.index));
  });

  it('adds a paper searchable by its words first, then fills its vectors: ranks as a load from scratch', async () => {
    await store.papers.remove(lastId);
    const first = await loadFrameIndex({ store, embedder, settings: indexSettings });
    await storeLastPaper();
    const lexical = await addPapersToFrameIndex({
      index: first.index,
      store,
      paperIds: [lastId],
      embed: 'none',
    });
    expect(lexical.stats.embeddedFrames).toBe(0);
    expect(lexical.stats.embeddedQuestions).toBe(0);
    expect(lexical.index.awaitsVectors(lastId)).toBe(true);
    expect(lexical.index.awaitsVectors(firstIds[0] ?? '')).toBe(false);
    // Nothing stored for it yet, and a reload would not take its zero vectors as real ones.
    const paperFrames = await store.papers.frames(lastId);
    const firstFrame = paperFrames.reduce((longest, frame) =>
      frame.text.length > longest.text.length ? frame : longest,
    );
    expect(lexical.index.heldVector('frame', firstFrame.id, embedder.modelId)).toBe(undefined);
    // Its own words find it already, in the paper and across papers.
    const words = firstFrame.text.split(/\s+/).slice(0, 16).join(' ');
    const found = await findInPaper({
      index: lexical.index,
      paperId: lastId,
      query: words,
      mode: 'question',
    });
    expect(found.hits[0]?.frameId).toBe(firstFrame.id);
    expect(found.wordsOnly).toBe(true);

    const filled = await fillPaperVectors({ index: lexical.index, store, paperIds: [lastId] });
    const framesOfPaper = (await store.papers.frames(lastId)).length;
    expect(filled.stats.embeddedFrames).toBe(framesOfPaper);
    expect(filled.index.awaitsVectors(lastId)).toBe(false);
    const meant = await findInPaper({
      index: filled.index,
      paperId: lastId,
      query: words,
      mode: 'question',
    });
    expect(meant.wordsOnly).toBeUndefined();
    const scratch = await loadFrameIndex({ store, embedder, settings: indexSettings });
    expect(scratch.stats.embeddedFrames).toBe(0);
    expect(filled.index.questionCount).toBe(scratch.index.questionCount);
    expectSameRankings(await rankings(filled.index), await rankings(scratch.index));
    // Filling again embeds nothing and adds no question twice.
    const again = await fillPaperVectors({ index: filled.index, store, paperIds: [lastId] });
    expect(again.stats.embeddedFrames).toBe(0);
    expect(again.index.questionCount).toBe(filled.index.questionCount);
  });
});
