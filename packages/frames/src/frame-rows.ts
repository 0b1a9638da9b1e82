/**
 * @module Where each frame and paper sits in a frame index's rows: the row of a frame id, the row
 * range of a paper, and which rows may answer a question. Built once for a load, and grown (as
 * copies, the old tables untouched) when papers are added to a loaded index.
 */
import { copyMapInSteps } from './event-loop-yield.js';
import type { FrameRange } from './frame-index-parts.js';
import type { IndexedFrame } from './indexed-frame.js';
import { isAnswerable } from './search/answerable.js';

export interface FrameRows {
  rowByFrameId: Map<string, number>;
  rangeByPaper: Map<string, FrameRange>;
  /** 1 for frames a question may be answered by (not a heading, not a fragment). */
  answerable: Uint8Array;
}

/** The rows of frames in reading order (by paper, then sentence). */
export function buildFrameRows(frames: readonly IndexedFrame[], minAnswerWords: number): FrameRows {
  const rowByFrameId = new Map<string, number>();
  const rangeByPaper = new Map<string, FrameRange>();
  for (const [row, frame] of frames.entries()) {
    rowByFrameId.set(frame.id, row);
    const range = rangeByPaper.get(frame.paperId);
    if (range === undefined) rangeByPaper.set(frame.paperId, { start: row, end: row + 1 });
    else range.end = row + 1;
  }
  const answerable = Uint8Array.from(frames, (frame) =>
    isAnswerable(frame, minAnswerWords) ? 1 : 0,
  );
  return { rowByFrameId, rangeByPaper, answerable };
}

/**
 * `rows` (of `rowCount` frames) plus `added` frames at the rows after them: new tables, `rows` left
 * as it was (its ranges are shared, never changed). `yieldTurn` gives the event loop a turn
 * between the copies.
 */
export async function growFrameRows(options: {
  rows: FrameRows;
  rowCount: number;
  added: readonly IndexedFrame[];
  minAnswerWords: number;
  yieldTurn: () => Promise<void> | undefined;
}): Promise<FrameRows> {
  const { rows, rowCount: offset, added } = options;
  const rowByFrameId = await copyMapInSteps(rows.rowByFrameId, options.yieldTurn);
  const rangeByPaper = new Map(rows.rangeByPaper);
  for (const [position, frame] of added.entries()) {
    const row = offset + position;
    rowByFrameId.set(frame.id, row);
    const range = rangeByPaper.get(frame.paperId);
    if (range === undefined || range.end !== row) {
      rangeByPaper.set(frame.paperId, { start: row, end: row + 1 });
    } else {
      rangeByPaper.set(frame.paperId, { start: range.start, end: row + 1 });
    }
  }
  const answerable = new Uint8Array(offset + added.length);
  answerable.set(rows.answerable);
  for (const [position, frame] of added.entries()) {
    answerable[offset + position] = isAnswerable(frame, options.minAnswerWords) ? 1 : 0;
  }
  return { rowByFrameId, rangeByPaper, answerable };
}
