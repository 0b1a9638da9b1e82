/**
 * @module A frame index of one paper, read from the store on demand: how the PostgreSQL backend
 * answers in-paper search, a paper's suggestions and FAQs (an exact scan of a few hundred frames),
 * with exactly the code and scores of the in-memory backend, since in-paper BM25 counts only that
 * paper's frames either way. Nothing is embedded here: a paper whose vectors are still being
 * written (an upload, searchable by its words first) is read with zero vectors, so its hits match
 * the question's words only (FrameIndex.awaitsVectors), and read again once they are in.
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
  const loaded = await loadPaperFrames({
    store,
    embedder,
    settings,
    paperIds: [options.paperId],
    embed: 'none',
  });
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

/** Whether every frame and question of the paper has a vector of the model. */
export async function paperVectorsComplete(options: {
  store: Store;
  model: string;
  paperId: string;
}): Promise<boolean> {
  const { rows } = await options.store.client.query<{ missing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM frames f WHERE f.paper_id = $1 AND NOT EXISTS
       (SELECT 1 FROM vectors v WHERE v.owner_kind = 'frame' AND v.model = $2
        AND v.owner_id = f.id::text))
       OR EXISTS (SELECT 1 FROM questions q JOIN frames f ON f.id = q.frame_id
         WHERE f.paper_id = $1 AND NOT EXISTS
         (SELECT 1 FROM vectors v WHERE v.owner_kind = 'question' AND v.model = $2
          AND v.owner_id = q.id::text)) AS missing`,
    [options.paperId, options.model],
  );
  return rows[0]?.missing === false;
}
