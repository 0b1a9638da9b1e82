/**
 * @module Reads papers for the PostgreSQL search backend and analyses them (the CPU half of
 * indexing, which runs while the previous batch is written): frames in reading order with their
 * paper's title and year and their section title, each frame's BM25F terms, and whether every frame
 * and question already has a vector of the model. When some are missing, or every vector is to be
 * embedded anew (`quarry index --reembed`), the papers go through the per-paper loader, which embeds
 * and stores them (load-frame-index.ts); with `embed: 'none'` they are read as they are.
 */
import type { Embedder } from '@quarry/core';
import type { Store } from '@quarry/store';
import { frameBm25Document } from '../frame-bm25.js';
import { contextWindows } from '../frame-context.js';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import type { IndexedFrame, IndexedQuestion } from '../indexed-frame.js';
import { loadPaperFrames } from '../load-frame-index.js';
import type { VectorMatrix } from '../vector-matrix.js';
import { frameTerms } from './frame-terms.js';
import { sectionLabelsFromRow } from './section-row.js';
import type { FrameTerms } from './frame-terms.js';

export interface PapersForSearch {
  /** Paper by paper, each in reading order. */
  frames: IndexedFrame[];
  /** documents[i] is the BM25F document of frames[i]. */
  documents: FrameTerms[];
  /**
   * Questions whose vectors must be stored under their own id (after embedding); `replace`: over
   * the vector each one has (re-embedding), not only where it has none.
   */
  questionVectors: { questions: IndexedQuestion[]; vectors: VectorMatrix; replace: boolean } | null;
  embeddedFrames: number;
  embeddedQuestions: number;
}

type FrameRow = Record<string, string | number | null>;

async function missingVectors(
  store: Store,
  model: string,
  paperIds: readonly string[],
): Promise<boolean> {
  const { rows } = await store.client.query<{ missing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM frames f WHERE f.paper_id = ANY($1::text[]) AND NOT EXISTS
              (SELECT 1 FROM vectors v WHERE v.owner_kind = 'frame' AND v.model = $2
               AND v.owner_id = f.id::text))
         OR EXISTS (SELECT 1 FROM questions q JOIN frames f ON f.id = q.frame_id
              WHERE f.paper_id = ANY($1::text[]) AND NOT EXISTS
              (SELECT 1 FROM vectors v WHERE v.owner_kind = 'question' AND v.model = $2
               AND v.owner_id = q.id::text)) AS missing`,
    [paperIds, model],
  );
  return rows[0]?.missing === true;
}

async function readFrames(store: Store, paperIds: readonly string[]): Promise<IndexedFrame[]> {
  const { rows } = await store.client.query<FrameRow>(
    `SELECT f.id, f.paper_id, p.title AS paper_title, p.year AS paper_year, f.section_index,
            coalesce(s.title, '') AS section_title, s.kind AS section_kind,
            s.role AS section_role, f.sentence_index, f.source_index, f.text,
            f.char_start, f.char_end, f.page
     FROM frames f JOIN papers p ON p.id = f.paper_id
     LEFT JOIN sections s ON s.paper_id = f.paper_id AND s.section_index = f.section_index
     WHERE f.paper_id = ANY($1::text[]) ORDER BY f.paper_id, f.sentence_index`,
    [paperIds],
  );
  const optional = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return rows.map((row) => ({
    ...sectionLabelsFromRow(row),
    id: String(row.id),
    paperId: String(row.paper_id),
    paperTitle: String(row.paper_title),
    paperYear: optional(row.paper_year),
    sectionIndex: Number(row.section_index),
    sectionTitle: String(row.section_title),
    sentenceIndex: Number(row.sentence_index),
    sourceIndex: optional(row.source_index),
    text: String(row.text),
    charStart: Number(row.char_start),
    charEnd: Number(row.char_end),
    page: optional(row.page),
  }));
}

export async function readPapersForSearch(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  paperIds: readonly string[];
  /**
   * `missing` (default): embed only what has no stored vector of this model; `all`: everything;
   * `none`: nothing (the papers are searchable by their words at once; a later `missing` pass
   * embeds them and writes their rows again).
   */
  embed?: 'missing' | 'all' | 'none';
}): Promise<PapersForSearch> {
  const { store, embedder, settings, paperIds } = options;
  const reembed = options.embed === 'all';
  if (
    reembed ||
    (options.embed !== 'none' && (await missingVectors(store, embedder.modelId, paperIds)))
  ) {
    const loaded = await loadPaperFrames({
      store,
      embedder,
      settings,
      paperIds,
      embed: options.embed,
    });
    const windows = loaded.windows;
    return {
      frames: loaded.frames,
      documents: loaded.frames.map((_, position) =>
        frameTerms(frameBm25Document({ frames: loaded.frames, windows, position })),
      ),
      questionVectors: {
        questions: loaded.questions,
        vectors: loaded.questionVectors,
        replace: reembed,
      },
      embeddedFrames: loaded.embeddedFrames,
      embeddedQuestions: loaded.embeddedQuestions,
    };
  }
  const frames = await readFrames(store, paperIds);
  const windows = contextWindows(frames, settings.contextSentences);
  return {
    frames,
    documents: frames.map((_, position) =>
      frameTerms(frameBm25Document({ frames, windows, position })),
    ),
    questionVectors: null,
    embeddedFrames: 0,
    embeddedQuestions: 0,
  };
}
