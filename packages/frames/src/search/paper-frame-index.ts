/**
 * @module A frame index of one paper, read from the store on demand: how the PostgreSQL backend
 * answers in-paper search, a paper's suggestions and FAQs (an exact scan of a few hundred frames),
 * with exactly the code and scores of the in-memory backend, since in-paper BM25 counts only that
 * paper's frames either way.
 */
import type { Embedder } from '@quarry/core';
import type { Store } from '@quarry/store';
import { createFrameBm25 } from '../frame-bm25.js';
import { FrameIndex } from '../frame-index.js';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import { loadPaperFrames } from '../load-frame-index.js';

/** The paper's index, or null when the store holds no frames of it. */
export async function loadPaperFrameIndex(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  paperId: string;
}): Promise<FrameIndex | null> {
  const { store, embedder, settings } = options;
  const loaded = await loadPaperFrames({ store, embedder, settings, paperIds: [options.paperId] });
  if (loaded.frames.length === 0) return null;
  return new FrameIndex({
    embedder,
    settings,
    frames: loaded.frames,
    answerVectors: loaded.answerVectors,
    // Answer search over all papers never runs on this index; in-paper BM25 is built per paper.
    bm25: createFrameBm25(settings),
    questions: loaded.questions,
    questionVectors: loaded.questionVectors,
  });
}
