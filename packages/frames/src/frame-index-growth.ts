/**
 * @module Growing a frame index by whole papers (FrameIndex.withPapers): the parts and lookups of
 * a new index that shares the old one's structures (a BM25 fork, appended vector storage, the
 * frame records) and leaves the old index exactly as it was. The per-frame tables are copied in
 * steps that give the event loop a turn between them.
 */
import { AppError } from '@quarry/core';
import { createEventLoopYielder } from './event-loop-yield.js';
import type {
  FrameIndexAddition,
  FrameIndexLookups,
  FrameIndexParts,
} from './frame-index-parts.js';
import { growFrameRows } from './frame-rows.js';
import type { IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import { VectorMatrix } from './vector-matrix.js';

/** A frame index's parts and lookups as it holds them (its question vectors inside `questions`). */
export type HeldFrameIndexParts = Omit<FrameIndexParts, 'questions' | 'questionVectors'> &
  FrameIndexLookups;

/** The parts and lookups of `held` plus `addition`; an AppError `conflict` for a paper it holds. */
export async function growFrameIndexParts(options: {
  held: HeldFrameIndexParts;
  addition: FrameIndexAddition;
}): Promise<{ parts: FrameIndexParts; lookups: FrameIndexLookups }> {
  const { held, addition } = options;
  const yielder = createEventLoopYielder();
  const offset = held.frames.length;
  for (const frame of addition.frames) {
    if (held.rangeByPaper.has(frame.paperId)) {
      throw new AppError({
        code: 'conflict',
        message: `paper ${frame.paperId} is already in the frame index`,
        fix: 'remove the paper from the index before adding it again',
      });
    }
  }
  const bm25 = held.bm25.fork();
  await yielder.maybeYield();
  for (const document of addition.bm25Documents) bm25.add(document);
  bm25.compact();
  await yielder.maybeYield();
  const answerVectors = held.answerVectors.withRows(
    Array.from({ length: addition.answerVectors.size }, (_, row) =>
      addition.answerVectors.row(row),
    ),
  );
  await yielder.maybeYield();
  const frames = held.frames.concat(addition.frames);
  const yieldTurn = () => yielder.maybeYield();
  const rows = await growFrameRows({
    rows: {
      rowByFrameId: held.rowByFrameId,
      rangeByPaper: held.rangeByPaper,
      answerable: held.answerable,
    },
    rowCount: offset,
    added: addition.frames,
    minAnswerWords: held.settings.minAnswerWords,
    yieldTurn,
  });
  // Always a copy, even without new questions: a question added later (an annotation) on a row
  // of the new papers must not reach the old index, which has no such row.
  const questions = await held.questions.withVectors(addition.questionVectors, yieldTurn);
  for (const question of addition.questions) {
    questions.remember({ ...question, frame: offset + question.frame });
  }
  questions.compact();
  return {
    parts: {
      embedder: held.embedder,
      settings: held.settings,
      frames,
      answerVectors,
      bm25,
      // Taken from `questions` in the lookups.
      questions: [],
      questionVectors: addition.questionVectors,
    },
    lookups: { ...rows, questions, paperBm25Cache: held.paperBm25Cache.copy() },
  };
}

/** Vectors for frames an index holds without one (added with `embed: 'none'`), and their questions. */
export interface FrameIndexFill {
  /** Frames the index holds (by id); others are ignored. */
  frames: readonly IndexedFrame[];
  /** Row i is the answer vector of frames[i]. */
  answerVectors: VectorMatrix;
  /** `frame` is a position in `frames`; questions the index already holds are ignored. */
  questions: readonly IndexedQuestion[];
  /** Row i is the vector of questions[i]. */
  questionVectors: VectorMatrix;
}

/**
 * The lookups of `held` with `fill`'s questions added, after writing `fill`'s answer vectors into
 * the rows of the frames `held` holds. The vector storage is shared with `held` (and any index it
 * was grown from), which sees the new vectors too: those rows held the zero vector, "no vector
 * yet". A search scanning such a row while it is written may score that one row from a mix of the
 * two; it is written in one synchronous copy on this thread.
 */
export async function fillFrameIndexParts(options: {
  held: HeldFrameIndexParts;
  fill: FrameIndexFill;
}): Promise<FrameIndexLookups> {
  const { held, fill } = options;
  const yielder = createEventLoopYielder();
  const rowOfPosition = fill.frames.map((frame) => held.rowByFrameId.get(frame.id));
  for (const [position, row] of rowOfPosition.entries()) {
    if (row !== undefined) held.answerVectors.set(row, fill.answerVectors.row(position));
  }
  await yielder.maybeYield();
  const newQuestions: IndexedQuestion[] = [];
  const newVectors = new VectorMatrix(held.answerVectors.dimension, fill.questions.length + 1);
  for (const [position, question] of fill.questions.entries()) {
    const row = rowOfPosition[question.frame];
    if (row === undefined || held.questions.byId(question.id) !== undefined) continue;
    newQuestions.push({ ...question, frame: row });
    newVectors.append(fill.questionVectors.row(position));
  }
  const yieldTurn = () => yielder.maybeYield();
  // The frames are the same, so without new questions the table can be shared.
  const questions =
    newQuestions.length === 0
      ? held.questions
      : await held.questions.withVectors(newVectors, yieldTurn);
  for (const question of newQuestions) questions.remember(question);
  if (newQuestions.length > 0) questions.compact();
  return {
    rowByFrameId: held.rowByFrameId,
    rangeByPaper: held.rangeByPaper,
    answerable: held.answerable,
    questions,
    paperBm25Cache: held.paperBm25Cache.copy(),
  };
}
