/**
 * @module Grows or shrinks a loaded frame index without reloading the corpus: `addPapersToFrameIndex`
 * reads and embeds only the new papers' frames and questions and returns a new index that shares
 * the old one's structures (FrameIndex.withPapers), or, with `embed: 'none'`, adds them searchable by
 * their words at once and `fillPaperVectors` gives them their vectors afterwards (an upload is
 * searchable without waiting for the encoder); `removePapersFromFrameIndex` rebuilds from the
 * frames and vectors already in memory, yielding to the event loop as it goes. Either way the old
 * index stays intact for searches still running on it; the caller swaps the new one in.
 */
import type { Store } from '@quarry/store';
import { createEventLoopYielder } from './event-loop-yield.js';
import { frameBm25Document, createFrameBm25 } from './frame-bm25.js';
import { contextWindows } from './frame-context.js';
import { FrameIndex } from './frame-index.js';
import type { IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import { loadPaperFrames } from './load-frame-index.js';
import type { FrameIndexProgress } from './load-frame-index.js';
import { VectorMatrix } from './vector-matrix.js';

export interface FrameIndexUpdateStats {
  /** Papers added (or, for a removal, removed). */
  papers: number;
  frames: number;
  questions: number;
  embeddedFrames: number;
  embeddedQuestions: number;
  totalSeconds: number;
}

export interface UpdatedFrameIndex {
  index: FrameIndex;
  stats: FrameIndexUpdateStats;
}

/**
 * The index plus the given papers, read from the store (their stored vectors taken, the
 * missing ones embedded and stored). A paper the index already holds is replaced: removed first
 * (a rebuild from memory), then read again. Ranking equals that of a full load of the same papers.
 */
export async function addPapersToFrameIndex(options: {
  index: FrameIndex;
  /** The store the index was loaded from: the new papers are read from it. */
  store: Store;
  paperIds: readonly string[];
  /**
   * `missing` (default): embed (and store) what has no stored vector first; `none`: embed nothing,
   * so the papers are searchable by their words at once (frames without a vector score cosine 0,
   * questions without one wait); `fillPaperVectors` completes them.
   */
  embed?: 'missing' | 'none';
  onProgress?: (progress: FrameIndexProgress) => void;
  /** Milliseconds clock for the stats. Default `performance.now`. */
  now?: () => number;
}): Promise<UpdatedFrameIndex> {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const paperIds = [...new Set(options.paperIds)];
  const held = paperIds.filter((paperId) => options.index.paperRange(paperId) !== undefined);
  const base =
    held.length > 0
      ? (await removePapersFromFrameIndex({ index: options.index, paperIds: held })).index
      : options.index;
  const loaded = await loadPaperFrames({
    store: options.store,
    embedder: base.embedder,
    settings: base.settings,
    paperIds,
    embed: options.embed ?? 'missing',
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const rowOffset = base.frameCount;
  const index = await base.withPapers({
    frames: loaded.frames,
    answerVectors: loaded.answerVectors,
    bm25Documents: loaded.frames.map((_, position) =>
      frameBm25Document({ frames: loaded.frames, windows: loaded.windows, position, rowOffset }),
    ),
    questions: loaded.questions,
    questionVectors: loaded.questionVectors,
  });
  return {
    index,
    stats: {
      papers: new Set(loaded.frames.map((frame) => frame.paperId)).size,
      frames: loaded.frames.length,
      questions: loaded.questions.length,
      embeddedFrames: loaded.embeddedFrames,
      embeddedQuestions: loaded.embeddedQuestions,
      totalSeconds: (now() - startedAt) / 1000,
    },
  };
}

/**
 * The index with the vectors its frames of these papers lack (added with `embed: 'none'`) embedded
 * and stored, and with the papers' questions it lacks; frames, rows and BM25 stay as they were.
 * Papers the index does not hold are ignored.
 */
export async function fillPaperVectors(options: {
  index: FrameIndex;
  store: Store;
  paperIds: readonly string[];
  onProgress?: (progress: FrameIndexProgress) => void;
  now?: () => number;
}): Promise<UpdatedFrameIndex> {
  const { index } = options;
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const held = [...new Set(options.paperIds)].filter(
    (paperId) => index.paperRange(paperId) !== undefined,
  );
  const loaded = await loadPaperFrames({
    store: options.store,
    embedder: index.embedder,
    settings: index.settings,
    paperIds: held,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const filled = await index.withFilledVectors(loaded);
  return {
    index: filled,
    stats: {
      papers: held.length,
      frames: loaded.frames.length,
      questions: filled.questionCount - index.questionCount,
      embeddedFrames: loaded.embeddedFrames,
      embeddedQuestions: loaded.embeddedQuestions,
      totalSeconds: (now() - startedAt) / 1000,
    },
  };
}

/**
 * The index without the given papers, rebuilt from what it holds in memory (no store reads, no
 * embedding): BM25 over the remaining frames is built again, in slices that yield to the event
 * loop. Papers it does not hold are ignored; with none to remove, the same index comes back.
 */
export async function removePapersFromFrameIndex(options: {
  index: FrameIndex;
  paperIds: readonly string[];
  now?: () => number;
}): Promise<UpdatedFrameIndex> {
  const { index } = options;
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const removed = new Set(
    options.paperIds.filter((paperId) => index.paperRange(paperId) !== undefined),
  );
  const unchanged = { papers: 0, frames: 0, questions: 0, embeddedFrames: 0, embeddedQuestions: 0 };
  if (removed.size === 0) return { index, stats: { ...unchanged, totalSeconds: 0 } };
  const yielder = createEventLoopYielder();
  const frames: IndexedFrame[] = [];
  const answerVectors = new VectorMatrix(index.embedder.dimension, index.frameCount + 4096);
  const questions: IndexedQuestion[] = [];
  const questionVectors = new VectorMatrix(index.embedder.dimension, index.questionCount + 4096);
  let removedFrames = 0;
  let removedQuestions = 0;
  for (let row = 0; row < index.frameCount; row++) {
    const frame = index.frameAt(row);
    const ownQuestions = index.questionsOfFrame(row);
    if (removed.has(frame.paperId)) {
      removedFrames += 1;
      removedQuestions += ownQuestions.length;
      continue;
    }
    const newRow = frames.length;
    frames.push(frame);
    answerVectors.append(index.answerVectorOf(row));
    for (const question of ownQuestions) {
      const vector = index.heldVector('question', question.id, index.modelId);
      if (vector === undefined) continue;
      questions.push({ ...question, frame: newRow });
      questionVectors.append(vector);
    }
    await yielder.maybeYield();
  }
  const windows = contextWindows(frames, index.settings.contextSentences);
  const bm25 = createFrameBm25(index.settings);
  for (let position = 0; position < frames.length; position++) {
    bm25.add(frameBm25Document({ frames, windows, position }));
    await yielder.maybeYield();
  }
  bm25.compact();
  await yielder.maybeYield();
  const rebuilt = new FrameIndex({
    embedder: index.embedder,
    settings: index.settings,
    frames,
    answerVectors,
    bm25,
    questions,
    questionVectors,
  });
  return {
    index: rebuilt,
    stats: {
      ...unchanged,
      papers: removed.size,
      frames: removedFrames,
      questions: removedQuestions,
      totalSeconds: (now() - startedAt) / 1000,
    },
  };
}
