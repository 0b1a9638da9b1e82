/**
 * @module What a FrameIndex is built from: the parts a load hands it, the papers added to a loaded
 * index, and the lookups an index derives from its parts and hands on when it is grown.
 */
import type { Embedder } from '@quarry/core';
import type { Bm25Document, Bm25Index } from '@quarry/text';
import type { FrameIndexSettings } from './frame-index-settings.js';
import type { FrameQuestions } from './frame-questions.js';
import type { FrameRows } from './frame-rows.js';
import type { IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import type { PaperBm25Cache } from './paper-bm25-cache.js';
import type { VectorMatrix } from './vector-matrix.js';

export interface FrameIndexParts {
  embedder: Embedder;
  settings: FrameIndexSettings;
  /** In reading order: by paper, then sentence. */
  frames: IndexedFrame[];
  /** Row i is the answer vector h_a of frames[i]. */
  answerVectors: VectorMatrix;
  /** Ids are rows of `frames`; fields `sentence`, `context` and `title`. */
  bm25: Bm25Index<number>;
  questions: IndexedQuestion[];
  /** Row i is the vector of questions[i]. */
  questionVectors: VectorMatrix;
}

/** Papers to add to an index: their frames with answer vectors, and their questions. */
export interface FrameIndexAddition {
  /** Whole papers, each in reading order, none of them already in the index. */
  frames: IndexedFrame[];
  /** Row i is the answer vector of frames[i]. */
  answerVectors: VectorMatrix;
  /** BM25 documents of the frames, ids already the frames' rows in the grown index. */
  bm25Documents: Iterable<Bm25Document<number>>;
  /** `frame` is a position in `frames` (not yet a row of the grown index). */
  questions: IndexedQuestion[];
  /** Row i is the vector of questions[i]. */
  questionVectors: VectorMatrix;
}

/** The lookups a FrameIndex derives from its parts, handed on when an index is grown. */
export interface FrameIndexLookups extends FrameRows {
  questions: FrameQuestions;
  paperBm25Cache: PaperBm25Cache;
}

/** Rows [start, end) of one paper's frames. */
export interface FrameRange {
  start: number;
  end: number;
}
