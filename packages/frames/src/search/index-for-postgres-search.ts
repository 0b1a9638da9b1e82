/**
 * @module Indexes papers for the PostgreSQL search backend, in batches of whole papers: while one
 * batch's rows are written (multi-row inserts inside one transaction per batch), the next batch is
 * read and embedded (the encoder runs on its own threads), so both cores work. After a bulk load the
 * HNSW indexes are built once over everything (building them first and inserting into them is
 * several times slower). `quarry index` runs it over every paper not yet indexed (with --reembed,
 * over every paper, embedding each batch anew and replacing its vectors and rows); `quarry serve`
 * over a paper just uploaded. Only one batch of papers is held in memory at a time (two while the
 * next is read).
 */
import type { Embedder } from '@quarry/core';
import { analyzeTables, searchTables } from '@quarry/store';
import type { Store } from '@quarry/store';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import { createPaperClaimer } from './paper-claims.js';
import type { ClaimedBatch } from './paper-claims.js';
import { writeSearchRows } from './postgres-search-writer.js';
import { readPapersForSearch } from './read-papers-for-search.js';

export interface SearchIndexStats {
  papers: number;
  frames: number;
  postings: number;
  embeddedFrames: number;
  embeddedQuestions: number;
  seconds: number;
  /** Frames indexed per second of `seconds`. */
  framesPerSecond: number;
}

/** Papers with frames but no frame_search rows: uploaded or ingested since the last index. */
export async function papersMissingFromSearch(
  store: Store,
  model?: string,
  among?: readonly string[],
): Promise<string[]> {
  // With a model: also the papers a frame of which has no vector of it (a model change; a reindex
  // that stopped half-way resumes here). With `among`: only those papers.
  const { rows } = await store.client.query<{ paper_id: string }>(
    `SELECT DISTINCT f.paper_id FROM frames f
     WHERE ($2::text[] IS NULL OR f.paper_id = ANY($2::text[]))
       AND (NOT EXISTS (SELECT 1 FROM frame_search fs WHERE fs.frame_id = f.id)
            OR ($1::text IS NOT NULL AND NOT EXISTS
                  (SELECT 1 FROM vectors v WHERE v.owner_kind = 'frame' AND v.model = $1
                   AND v.owner_id = f.id::text)))
     ORDER BY f.paper_id`,
    [model ?? null, among ? [...among] : null],
  );
  return rows.map((row) => row.paper_id);
}

/**
 * Papers searchable by their words whose vectors never came (a server stopped between an upload's
 * two passes): a frame with no vector of any model. A model change is not this: its papers keep
 * the old model's vectors until `quarry reindex`.
 */
export async function papersAwaitingVectors(store: Store): Promise<string[]> {
  const { rows } = await store.client.query<{ paper_id: string }>(
    `SELECT DISTINCT fs.paper_id FROM frame_search fs
     WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.owner_kind = 'frame'
                       AND v.owner_id = fs.frame_id::text)
     ORDER BY fs.paper_id`,
  );
  return rows.map((row) => row.paper_id);
}

/** The postings indexes of migrations/0013, dropped for a bulk load and built after it. */
const createPostingIndexes = `
  CREATE INDEX IF NOT EXISTS search_postings_term_impact_idx
    ON search_postings (term_id, impact DESC) INCLUDE (frame_id);
  CREATE INDEX IF NOT EXISTS search_postings_frame_idx ON search_postings (frame_id);`;
const dropPostingIndexes = `
  DROP INDEX IF EXISTS search_postings_term_impact_idx;
  DROP INDEX IF EXISTS search_postings_frame_idx;`;

async function searchIsEmpty(store: Store): Promise<boolean> {
  const { rows } = await store.client.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM frame_search) AS empty',
  );
  return rows[0]?.empty === true;
}

export async function indexForPostgresSearch(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  paperIds: readonly string[];
  /** Papers per batch. */
  batchPapers: number;
  /**
   * `missing` (default): embed only frames and questions with no stored vector of the model;
   * `all`: embed every one again and replace its stored vector (a re-embed); `none`: embed nothing,
   * so an upload is searchable by its words at once (frames without a vector rank by their words,
   * postgres-candidates.ts) and a `missing` pass afterwards gives it its vectors.
   */
  embed?: 'missing' | 'all' | 'none';
  /** Build the HNSW indexes afterwards (a bulk load); a single upload leaves them as they are. */
  buildVectorIndexes?: boolean;
  /**
   * Claim each batch in the database (paper-claims.ts) so other processes running the same index
   * share the work; only with `embed: 'missing'`. The postings indexes are then kept (others are
   * writing through them).
   */
  claim?: boolean;
  onProgress?: (done: SearchIndexStats) => void;
  now?: () => number;
}): Promise<SearchIndexStats> {
  const { store, embedder, settings } = options;
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const nextBatch = batchSource({
    store,
    paperIds: options.paperIds,
    batchPapers: options.batchPapers,
    model: embedder.modelId,
    claim: options.claim === true && (options.embed ?? 'missing') === 'missing',
  });
  const stats: SearchIndexStats = {
    papers: 0,
    frames: 0,
    postings: 0,
    embeddedFrames: 0,
    embeddedQuestions: 0,
    seconds: 0,
    framesPerSecond: 0,
  };
  const bulk =
    options.buildVectorIndexes === true && options.claim !== true && (await searchIsEmpty(store));
  // Into an empty index, postings are loaded without their indexes, which are built once after.
  if (bulk) await store.client.exec(dropPostingIndexes);
  const read = async (batch: ClaimedBatch | null) =>
    batch === null
      ? null
      : {
          batch,
          loaded: await readPapersForSearch({
            store,
            embedder,
            settings,
            paperIds: batch.paperIds,
            embed: options.embed,
          }),
        };
  let pending = read(await nextBatch());
  for (;;) {
    const current = await pending;
    if (current === null) break;
    const { batch, loaded } = current;
    // The next batch is read and embedded while this one is written.
    pending = nextBatch().then(read);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    pending.catch(() => undefined);
    const written = await writeSearchRows({
      store,
      embedder,
      settings,
      paperIds: batch.paperIds,
      loaded,
    });
    await batch.release();
    stats.papers += written.papers;
    stats.frames += written.frames;
    stats.postings += written.postings;
    stats.embeddedFrames += written.embeddedFrames;
    stats.embeddedQuestions += written.embeddedQuestions;
    stats.seconds = (now() - startedAt) / 1000;
    stats.framesPerSecond = stats.seconds > 0 ? stats.frames / stats.seconds : 0;
    options.onProgress?.({ ...stats });
  }
  if (options.buildVectorIndexes) {
    // Also after a bulk load that stopped half-way: the indexes are rebuilt if missing.
    await store.client.transaction(async (transaction) => {
      await transaction.exec('SET LOCAL statement_timeout = 0');
      // One process at a time (quarry index --shared): see vector-repository's ensureIndex.
      await transaction.exec("SELECT pg_advisory_xact_lock(hashtext('quarry-create-index'))");
      await transaction.exec(createPostingIndexes);
    });
    for (const ownerKind of ['frame', 'question'] as const) {
      await store.vectors.ensureIndex({
        ownerKind,
        model: embedder.modelId,
        dimension: embedder.dimension,
      });
    }
  }
  // Every table this filled, whether or not the indexes were built: until they are analysed the
  // planner takes them for empty and an answer search takes seconds.
  if (stats.papers > 0 || options.buildVectorIndexes)
    await analyzeTables(store.client, searchTables);
  stats.seconds = (now() - startedAt) / 1000;
  stats.framesPerSecond = stats.seconds > 0 ? stats.frames / stats.seconds : 0;
  return stats;
}

/** The batches to index, one at a time: fixed slices of `paperIds`, or batches claimed in the database. */
function batchSource(options: {
  store: Store;
  paperIds: readonly string[];
  batchPapers: number;
  model: string;
  claim: boolean;
}): () => Promise<ClaimedBatch | null> {
  const { store, paperIds, batchPapers } = options;
  if (options.claim) {
    const claimer = createPaperClaimer({
      store,
      candidates: paperIds,
      stillNeedsWork: (ids) => papersMissingFromSearch(store, options.model, ids),
    });
    return () => claimer.next(batchPapers);
  }
  let start = 0;
  return () => {
    if (start >= paperIds.length) return Promise.resolve(null);
    const batch = paperIds.slice(start, start + batchPapers);
    start += batchPapers;
    return Promise.resolve({ paperIds: batch, release: () => Promise.resolve() });
  };
}
