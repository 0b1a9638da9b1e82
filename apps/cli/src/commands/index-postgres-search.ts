/**
 * @module `quarry index` on PostgreSQL: the database is the answer index, so indexing writes each
 * paper's search rows (BM25F documents, postings, a vector per frame and question) in batches of
 * whole papers, reading and embedding the next batch while the current one is written, and builds
 * the HNSW and postings indexes once after a bulk load into an empty index. With --reembed every
 * paper goes through the same batches, its frames and questions embedded anew: vectors and search
 * rows are replaced batch by batch, so memory holds a batch, never the whole collection. A run that
 * stops because the database became unavailable is followed by another (QUARRY_INDEX_ATTEMPTS)
 * that goes on with the papers left.
 */
import type { Embedder } from '@quarry/core';
import {
  indexForPostgresSearch,
  papersMissingFromSearch,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import type { Store } from '@quarry/store';
import { printJsonLine } from '../command.js';
import { retryWhileUnavailable } from './retry-unavailable.js';
import type { CommandContext } from '../command.js';

/** Papers per batch: about 8,000 SciREX sentences, a few seconds of embedding. */
export const postgresIndexBatchPapers = 32;

export async function indexPostgresSearch(options: {
  context: CommandContext;
  store: Store;
  embedder: Embedder;
  /** Every paper, every vector embedded anew; by default only papers not indexed yet. */
  reembed: boolean;
  /** Claim batches in the database so other `quarry index --shared` processes share the work. */
  shared: boolean;
  json: boolean;
  generatedQuestions: number;
}): Promise<void> {
  const { context, store, embedder } = options;
  const allPapers = options.reembed
    ? (await store.client.query<{ id: string }>('SELECT id FROM papers ORDER BY id')).rows.map(
        (row) => row.id,
      )
    : await papersMissingFromSearch(store, embedder.modelId);
  context.io.stderr(
    `${options.reembed ? 're-embedding and indexing' : 'indexing'} ${allPapers.length} papers for answer search in PostgreSQL\n`,
  );
  // Re-embedding goes through the papers in order (it claims none), so a later run starts after
  // the papers the earlier ones finished.
  let reembedded = 0;
  const { indexAttempts, indexRetryDelayMs } = context.settings.databaseConnection;
  const stats = await retryWhileUnavailable({
    attempts: indexAttempts,
    delayMs: indexRetryDelayMs,
    onRetry: ({ attempt, waitMs, error }) => {
      context.io.stderr(
        `indexing stopped (${error instanceof Error ? error.message : String(error)}); run ${attempt + 1} of ${indexAttempts} in ${Math.round(waitMs / 1000)} s goes on with the papers left\n`,
      );
    },
    run: async (attempt) => {
      const paperIds =
        attempt === 1
          ? allPapers
          : options.reembed
            ? allPapers.slice(reembedded)
            : await papersMissingFromSearch(store, embedder.modelId);
      const before = reembedded;
      return indexForPostgresSearch({
        store,
        embedder,
        settings: resolveFrameIndexSettings(),
        paperIds,
        batchPapers: postgresIndexBatchPapers,
        embed: options.reembed ? 'all' : 'missing',
        buildVectorIndexes: true,
        claim: options.shared,
        onProgress: (done) => {
          reembedded = before + done.papers;
          context.io.stderr(
            `indexed ${allPapers.length - paperIds.length + done.papers}/${allPapers.length} papers, ${done.frames} frames (${Math.round(done.framesPerSecond)} frames/s)\n`,
          );
        },
      });
    },
  });
  context.io.stderr(
    `${stats.frames} frames of ${stats.papers} papers indexed (${stats.embeddedFrames} frames and ${stats.embeddedQuestions} questions embedded, ${stats.postings} postings) in ${stats.seconds.toFixed(1)} s, ${Math.round(stats.framesPerSecond)} frames/s\n`,
  );
  if (options.json) {
    printJsonLine(context.io, {
      backend: 'postgres',
      papers: stats.papers,
      frames: stats.frames,
      embedded_frames: stats.embeddedFrames,
      embedded_questions: stats.embeddedQuestions,
      postings: stats.postings,
      generated_questions: options.generatedQuestions,
      frames_per_s: Math.round(stats.framesPerSecond),
      seconds: Math.round(stats.seconds * 10) / 10,
      model: embedder.modelId,
    });
  }
}
