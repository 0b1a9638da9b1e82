/**
 * @module Loads (and, where needed, builds) the frame index from the store: reads every frame in
 * reading order, embeds the papers whose answer vectors are missing (every sentence once, in
 * batches; h_a from the sentence and its context window) and stores the vectors with bulk upserts
 * while the next papers are being embedded (load-vectors.ts), embeds questions without vectors,
 * and builds BM25F over sentence, context and paper title in memory.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Embedder } from '@quarry/core';
import type { Store, StoredQuestion } from '@quarry/store';
import type { Bm25Index } from '@quarry/text';
import { embedInBatches } from './embed-in-batches.js';
import { createEventLoopYielder } from './event-loop-yield.js';
import { createFrameBm25, frameBm25Document } from './frame-bm25.js';
import { contextWindows } from './frame-context.js';
import type { ContextWindow } from './frame-context.js';
import { FrameIndex } from './frame-index.js';
import { resolveFrameIndexSettings } from './frame-index-settings.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import type { IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import { fillAnswerVectors, knownVectors } from './load-vectors.js';
import type { HeldVectors } from './load-vectors.js';
import { VectorMatrix } from './vector-matrix.js';

export const frameIndexPhases = [
  'reading',
  'embedding-frames',
  'embedding-questions',
  'bm25',
] as const;
export type FrameIndexPhase = (typeof frameIndexPhases)[number];

export interface FrameIndexProgress {
  phase: FrameIndexPhase;
  done: number;
  total: number;
}

export interface LoadFrameIndexOptions {
  store: Store;
  embedder: Embedder;
  settings?: Partial<FrameIndexSettings>;
  /** `missing` (default): embed only what has no stored vector of this model; `all`: everything. */
  embed?: 'missing' | 'all';
  /**
   * The index loaded before (a reload after new papers): the vectors it holds are taken from it
   * instead of being read from the store again.
   */
  previous?: FrameIndex;
  onProgress?: (progress: FrameIndexProgress) => void;
  /** Milliseconds clock for the timings in the stats. Default `performance.now`. */
  now?: () => number;
}

export interface FrameIndexLoadStats {
  frames: number;
  questions: number;
  embeddedFrames: number;
  embeddedQuestions: number;
  /** Seconds spent embedding and storing frame and question vectors. */
  embedSeconds: number;
  totalSeconds: number;
  /** Frames embedded and stored per second of `embedSeconds` (0 when none were embedded). */
  framesPerSecond: number;
}

export interface LoadedFrameIndex {
  index: FrameIndex;
  stats: FrameIndexLoadStats;
}

export async function loadFrameIndex(options: LoadFrameIndexOptions): Promise<LoadedFrameIndex> {
  const { store, embedder } = options;
  const settings = resolveFrameIndexSettings(options.settings);
  const now = options.now ?? (() => performance.now());
  const report = options.onProgress ?? (() => undefined);
  const startedAt = now();

  const frames = await readFrames(store, settings, report);
  const windows = contextWindows(frames, settings.contextSentences);
  const answerVectors = new VectorMatrix(embedder.dimension, withHeadroom(frames.length));
  const embedStartedAt = now();
  const embeddedFrames = await fillAnswerVectors({
    store,
    embedder,
    settings,
    frames,
    windows,
    answerVectors,
    reembed: options.embed === 'all',
    held: heldVectors(options.previous, embedder, 'frame'),
    report,
  });
  const { questions, questionVectors, embeddedQuestions } = await loadQuestions({
    store,
    embedder,
    settings,
    frames,
    reembed: options.embed === 'all',
    held: heldVectors(options.previous, embedder, 'question'),
    report,
  });
  const embedSeconds = (now() - embedStartedAt) / 1000;
  const bm25 = await buildBm25({ frames, windows, settings, report });
  const index = new FrameIndex({
    embedder,
    settings,
    frames,
    answerVectors,
    bm25,
    questions,
    questionVectors,
  });
  return {
    index,
    stats: {
      frames: frames.length,
      questions: questions.length,
      embeddedFrames,
      embeddedQuestions,
      embedSeconds,
      totalSeconds: (now() - startedAt) / 1000,
      framesPerSecond: embeddedFrames > 0 && embedSeconds > 0 ? embeddedFrames / embedSeconds : 0,
    },
  };
}

/**
 * Rows to allocate for `rows` vectors: room for papers added later (FrameIndex.withPapers appends
 * in place while there is room; a full copy of 83K 256-d rows blocks the thread for 100-500 ms).
 * An eighth more, at least 4,096 rows: about 10 MB for 83K frames.
 */
function withHeadroom(rows: number): number {
  return rows + Math.max(4096, Math.ceil(rows / 8));
}

async function readFrames(
  store: Store,
  settings: FrameIndexSettings,
  report: (progress: FrameIndexProgress) => void,
): Promise<IndexedFrame[]> {
  const papers = new Map<string, { title: string; year: number | null }>();
  for (let offset = 0; ; offset += settings.loadPageSize) {
    const page = await store.papers.list({ limit: settings.loadPageSize, offset });
    for (const paper of page) papers.set(paper.id, { title: paper.title, year: paper.year });
    if (page.length < settings.loadPageSize) break;
  }
  const total = await store.papers.countFrames();
  const frames: IndexedFrame[] = [];
  let after = { paperId: '', sentenceIndex: -1 };
  for (;;) {
    const page = await store.papers.framesPage({ after, limit: settings.loadPageSize });
    for (const frame of page) {
      const paper = papers.get(frame.paperId);
      frames.push(indexedFrame(frame, { title: paper?.title ?? '', year: paper?.year ?? null }));
    }
    report({ phase: 'reading', done: frames.length, total });
    const last = frames[frames.length - 1];
    if (page.length < settings.loadPageSize || last === undefined) break;
    after = { paperId: last.paperId, sentenceIndex: last.sentenceIndex };
  }
  return frames;
}

/** A lookup of the vectors a previous index holds (none when there is none). */
function heldVectors(
  previous: FrameIndex | undefined,
  embedder: Embedder,
  kind: 'frame' | 'question',
): HeldVectors {
  return (id) => previous?.heldVector(kind, id, embedder.modelId);
}

async function loadQuestions(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  frames: IndexedFrame[];
  reembed: boolean;
  held: HeldVectors;
  report: (progress: FrameIndexProgress) => void;
  /** Default true; false leaves out the questions without a vector. */
  embedMissing?: boolean;
}): Promise<{
  questions: IndexedQuestion[];
  questionVectors: VectorMatrix;
  embeddedQuestions: number;
}> {
  const { store, embedder, settings, frames } = options;
  const rowOfFrame = new Map(frames.map((frame, row) => [frame.id, row]));
  const stored: StoredQuestion[] = [];
  for (let start = 0; start < frames.length; start += settings.loadPageSize) {
    const frameIds = frames.slice(start, start + settings.loadPageSize).map((frame) => frame.id);
    stored.push(...(await store.questions.forFrames(frameIds)));
    await nextTurn();
  }
  const vectors = options.reembed
    ? new Map<string, Float32Array>()
    : await knownVectors({
        store,
        embedder,
        ownerKind: 'question',
        ids: stored.map(({ id }) => id),
        held: options.held,
        pageSize: settings.loadPageSize,
      });
  // A vector is a function of the text, and generated questions repeat ("How fast is the method?"
  // on hundreds of frames): every question takes the vector of any question with the same text,
  // and one vector per missing text is embedded and stored, under its first question's id.
  const vectorOfText = new Map<string, Float32Array>();
  for (const question of stored) {
    const vector = vectors.get(question.id);
    if (vector && !vectorOfText.has(question.text)) vectorOfText.set(question.text, vector);
  }
  const missing: StoredQuestion[] = [];
  const missingTexts = new Set<string>();
  for (const question of options.embedMissing === false ? [] : stored) {
    if (vectorOfText.has(question.text) || missingTexts.has(question.text)) continue;
    missingTexts.add(question.text);
    missing.push(question);
  }
  for (let start = 0; start < missing.length; start += settings.upsertBatchSize) {
    const batch = missing.slice(start, start + settings.upsertBatchSize);
    const embedded = await embedInBatches({
      embedder,
      texts: batch.map((question) => question.text),
      batchSize: settings.embedBatchSize,
      // A generated question is matched against users' questions: it is embedded as one.
      purpose: 'query',
    });
    await nextTurn();
    const owned = batch.map((question, position) => {
      const vector = embedded[position] ?? new Float32Array(embedder.dimension);
      vectorOfText.set(question.text, vector);
      return { ownerId: question.id, vector };
    });
    await store.vectors.upsertMany({
      ownerKind: 'question',
      model: embedder.modelId,
      vectors: owned,
    });
    await nextTurn();
    options.report({
      phase: 'embedding-questions',
      done: start + batch.length,
      total: missing.length,
    });
  }
  const questions: IndexedQuestion[] = [];
  const questionVectors = new VectorMatrix(embedder.dimension, withHeadroom(stored.length));
  for (const question of stored) {
    const frame = rowOfFrame.get(question.frameId);
    const vector = vectors.get(question.id) ?? vectorOfText.get(question.text);
    if (frame === undefined || vector === undefined) continue;
    questions.push({ id: question.id, frame, text: question.text, origin: question.origin });
    questionVectors.append(vector);
  }
  return { questions, questionVectors, embeddedQuestions: missing.length };
}

/**
 * BM25F over every frame, giving the event loop a turn every few milliseconds (a server stays
 * responsive while it loads), then compacted so that the first query does not pay for it.
 */
async function buildBm25(options: {
  frames: IndexedFrame[];
  windows: ContextWindow[];
  settings: FrameIndexSettings;
  report: (progress: FrameIndexProgress) => void;
}): Promise<Bm25Index<number>> {
  const { frames, windows, settings } = options;
  const bm25 = createFrameBm25(settings);
  const yielder = createEventLoopYielder();
  for (let position = 0; position < frames.length; position++) {
    bm25.add(frameBm25Document({ frames, windows, position }));
    await yielder.maybeYield();
  }
  bm25.compact();
  options.report({ phase: 'bm25', done: frames.length, total: frames.length });
  return bm25;
}

/** The frames, answer vectors and questions of some papers, to add to a loaded index. */
export interface LoadedPaperFrames {
  /** Paper by paper (in the order asked), each in reading order. */
  frames: IndexedFrame[];
  windows: ContextWindow[];
  answerVectors: VectorMatrix;
  /** `frame` is a position in `frames`. */
  questions: IndexedQuestion[];
  questionVectors: VectorMatrix;
  embeddedFrames: number;
  embeddedQuestions: number;
}

/**
 * Reads only the given papers' frames and questions from the store and takes their stored vectors
 * or embeds (and stores) the missing ones, exactly as a full load would for those papers (with
 * `embed: 'all'`, embeds and stores every one anew). Papers the store does not hold are skipped.
 */
export async function loadPaperFrames(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  paperIds: readonly string[];
  /**
   * `missing` (default): embed only what has no stored vector of this model; `all`: everything;
   * `none`: nothing (frames without a vector get the zero vector, questions without one are left
   * out), for an index searchable by its words at once and given its vectors afterwards.
   */
  embed?: 'missing' | 'all' | 'none';
  onProgress?: (progress: FrameIndexProgress) => void;
}): Promise<LoadedPaperFrames> {
  const { store, embedder, settings } = options;
  const report = options.onProgress ?? (() => undefined);
  const frames: IndexedFrame[] = [];
  for (const paperId of new Set(options.paperIds)) {
    const paper = await store.papers.get(paperId);
    if (paper === null) continue;
    for (const frame of await store.papers.frames(paperId)) {
      frames.push(indexedFrame(frame, { title: paper.title, year: paper.year }));
    }
  }
  report({ phase: 'reading', done: frames.length, total: frames.length });
  const windows = contextWindows(frames, settings.contextSentences);
  const answerVectors = new VectorMatrix(embedder.dimension, Math.max(frames.length, 1));
  const noneHeld: HeldVectors = () => undefined;
  const embeddedFrames = await fillAnswerVectors({
    store,
    embedder,
    settings,
    frames,
    windows,
    answerVectors,
    reembed: options.embed === 'all',
    held: noneHeld,
    report,
    embedMissing: options.embed !== 'none',
  });
  const { questions, questionVectors, embeddedQuestions } = await loadQuestions({
    store,
    embedder,
    settings,
    frames,
    reembed: options.embed === 'all',
    held: noneHeld,
    report,
    embedMissing: options.embed !== 'none',
  });
  return {
    frames,
    windows,
    answerVectors,
    questions,
    questionVectors,
    embeddedFrames,
    embeddedQuestions,
  };
}

function indexedFrame(
  frame: Omit<IndexedFrame, 'paperTitle' | 'paperYear'>,
  paper: { title: string; year: number | null },
): IndexedFrame {
  return {
    id: frame.id,
    paperId: frame.paperId,
    paperTitle: paper.title,
    paperYear: paper.year,
    sectionIndex: frame.sectionIndex,
    sectionTitle: frame.sectionTitle,
    sentenceIndex: frame.sentenceIndex,
    sourceIndex: frame.sourceIndex,
    text: frame.text,
    charStart: frame.charStart,
    charEnd: frame.charEnd,
    page: frame.page,
    ...(frame.sectionKind === undefined ? {} : { sectionKind: frame.sectionKind }),
    ...(frame.sectionRole === undefined ? {} : { sectionRole: frame.sectionRole }),
  };
}
