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
