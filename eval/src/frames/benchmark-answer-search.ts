/**
 * @module The answer search a frame benchmark measures, over a store that already holds the
 * benchmark's papers (and their generated questions), on the backend the product would use for that
 * store: on embedded PGlite `memory` (the frame index loaded into this process); on PostgreSQL
 * `postgres` (the search rows written as `quarry index` writes them, HNSW and postings indexes
 * built, every search answered by the database). Both come back as the one AnswerSearch interface,
 * so the ReQA and in-paper benchmarks rank and score them with the same code.
 */
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import {
  createPostgresAnswerSearch,
  indexForPostgresSearch,
  loadFrameIndex,
  memoryAnswerSearch,
} from '@quarry/frames';
import type { AnswerSearch, AnswerSearchBackend, FrameIndexSettings } from '@quarry/frames';
import type { Store } from '@quarry/store';

export interface BenchmarkAnswerSearch {
  search: AnswerSearch;
  backend: AnswerSearchBackend;
  /** Frames indexed. */
  frames: number;
  seconds: number;
  /** Frames embedded and stored (memory) or indexed (postgres) per second. */
  framesPerSecond: number;
}

/** The BM25 baselines rank in this process: refuses a PostgreSQL server given with one. */
export function refuseBaselineOnDatabase(options: {
  system: string;
  postgresServer?: string | undefined;
}): void {
  if (options.system === 'bm25' && options.postgresServer !== undefined) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the BM25 baseline runs in memory, not on a database',
      fix: 'leave out the PostgreSQL server, or run the hybrid system',
    });
  }
}

/** Papers per batch of the PostgreSQL indexer, as `quarry index` writes them. */
const postgresIndexBatchPapers = 32;

export async function openBenchmarkAnswerSearch(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
}): Promise<BenchmarkAnswerSearch> {
  const { store, embedder, settings } = options;
  if (store.client.kind !== 'postgres') {
    const { index, stats } = await loadFrameIndex({ store, embedder, settings });
    return {
      search: memoryAnswerSearch(index, store),
      backend: 'memory',
      frames: stats.frames,
      seconds: stats.totalSeconds,
      framesPerSecond: stats.framesPerSecond,
    };
  }
  const { rows } = await store.client.query<{ id: string }>('SELECT id FROM papers ORDER BY id');
  const stats = await indexForPostgresSearch({
    store,
    embedder,
    settings,
    paperIds: rows.map((row) => row.id),
    batchPapers: postgresIndexBatchPapers,
    buildVectorIndexes: true,
  });
  return {
    search: createPostgresAnswerSearch({ store, embedder, settings }),
    backend: 'postgres',
    frames: stats.frames,
    seconds: stats.seconds,
    framesPerSecond: stats.framesPerSecond,
  };
}

/** Every stored frame's id by `paperId:sentenceIndex` (the same ids on both backends). */
export async function frameIdsBySentence(store: Store): Promise<Map<string, string>> {
  const { rows } = await store.client.query<{
    id: string | number;
    paper_id: string;
    sentence_index: number;
  }>('SELECT id, paper_id, sentence_index FROM frames');
  return new Map(rows.map((row) => [`${row.paper_id}:${row.sentence_index}`, String(row.id)]));
}
