/**
 * @module The frame index's BM25F documents: one per frame, with the fields sentence, context (the
 * frame's context window) and paper title, weighted by the settings. Shared by the full load and
 * by the incremental addition of papers, so both index a frame identically.
 */
import { createBm25Index } from '@quarry/text';
import type { Bm25Document, Bm25Index } from '@quarry/text';
import { contextPositions } from './frame-context.js';
import type { ContextWindow } from './frame-context.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import type { IndexedFrame } from './indexed-frame.js';

export function createFrameBm25(settings: FrameIndexSettings): Bm25Index<number> {
  return createBm25Index<number>({
    fields: [
      { name: 'sentence' },
      { name: 'context', weight: settings.bm25ContextWeight },
      { name: 'title', weight: settings.bm25TitleWeight },
    ],
    k1: settings.bm25K1,
    b: settings.bm25B,
  });
}

/**
 * The BM25 document of `frames[position]`, whose id is `position + rowOffset` (the frame's row in
 * an index that holds `rowOffset` frames before these).
 */
export function frameBm25Document(options: {
  frames: readonly IndexedFrame[];
  windows: readonly ContextWindow[];
  position: number;
  rowOffset?: number;
}): Bm25Document<number> {
  const { frames, windows, position } = options;
  const frame = frames[position];
  const window = windows[position];
  const context = window
    ? contextPositions(window)
        .map((neighbour) => frames[neighbour]?.text ?? '')
        .join(' ')
    : '';
  // SQuAD titles write spaces as underscores ("Super_Bowl_50").
  const title = (frame?.paperTitle ?? '').replace(/_/g, ' ');
  return {
    id: position + (options.rowOffset ?? 0),
    fields: { sentence: frame?.text ?? '', context, title },
  };
}
