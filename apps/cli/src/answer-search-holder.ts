/**
 * @module The server's answer search, by database: on PostgreSQL the database is the index
 * (`postgres` backend): it answers from the first request, this process holds no per-frame state,
 * and an upload is indexed into the database, where every server process on it finds it at once;
 * at start, papers that were ingested but never indexed, or retitled since (their rows went with
 * the old title, migrations/0014), are indexed in the background. An upload is written searchable
 * by its words first and given its vectors in a second pass, so it answers within seconds (on
 * embedded PGlite the frame index holder does the same). On embedded
 * PGlite the frame index is loaded into memory (`memory` backend, frame-index-holder.ts).
 */
import type { Embedder } from '@quarry/core';
import {
  createPostgresAnswerSearch,
  indexForPostgresSearch,
  memoryAnswerSearch,
  papersAwaitingVectors,
  papersMissingFromSearch,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import type { AnswerSearch, FrameIndex, FrameIndexSettings } from '@quarry/frames';
import type { Store } from '@quarry/store';
import { createFrameIndexHolder } from './frame-index-holder.js';

export interface AnswerSearchHolder {
  readonly backend: AnswerSearch['backend'];
  /** The search, or null while the in-memory index is still loading. */
  current(): AnswerSearch | null;
  /** Memory: loads the index. PostgreSQL: indexes papers the database has not indexed yet. */
  reload(): Promise<void>;
  /** Makes just-stored papers searchable; resolves when they are. */
  addPapers(paperIds: readonly string[]): Promise<void>;
  /** Forgets a deleted paper (on PostgreSQL its rows went with it). */
  removePaper(paperId: string): Promise<void>;
}

/** Papers indexed per batch (both in the background catch-up and for an upload). */
const indexBatchPapers = 32;

/** The search a PostgreSQL-backed server runs once at start, before anyone asks. */
const warmUpQuery = 'which dataset was the model evaluated on?';

export function createAnswerSearchHolder(options: {
  store: Store;
  embedder: Embedder;
  log: (line: string) => void;
  /** Frame-index settings the server overrides (default: none). */
  settings?: Partial<FrameIndexSettings>;
}): AnswerSearchHolder {
  const { store, embedder, log } = options;
  const overrides = options.settings ?? {};
  if (store.client.kind === 'postgres') {
    const search = createPostgresAnswerSearch({ store, embedder, settings: overrides });
    const settings = resolveFrameIndexSettings(overrides);
    let queue: Promise<void> = Promise.resolve();
    const index = (paperIds: readonly string[], what: string, embed: 'missing' | 'none') => {
      const next = queue.then(async () => {
        if (paperIds.length === 0) return;
        const stats = await indexForPostgresSearch({
          store,
          embedder,
          settings,
          paperIds,
          batchPapers: indexBatchPapers,
          embed,
        });
        const how = embed === 'none' ? 'by their words' : 'with vectors';
        log(
          `answer search: indexed ${stats.papers} ${what} paper(s) ${how}, ${stats.frames} frames in ${stats.seconds.toFixed(2)} s`,
        );
      });
      queue = next.catch((error: unknown) => {
        log(`note: answer search indexing failed: ${String(error)}`);
      });
      return next;
    };
    log('answer search: PostgreSQL (the database is the index)');
    // One search in the background while the server still builds its catalog: the encoder's first
    // run and the first reads of the vector index are paid before the first person's search.
    void search.search({ query: warmUpQuery, limit: 1 }).catch(() => undefined);
    return {
      backend: 'postgres',
      current: () => search,
      reload: async () => {
        const unindexed = await papersMissingFromSearch(store);
        // And uploads whose vectors a stopped server never wrote (searchable by their words).
        const awaiting = await papersAwaitingVectors(store);
        return index([...new Set([...unindexed, ...awaiting])], 'unindexed', 'missing');
      },
      addPapers: async (paperIds) => {
        await index(paperIds, 'uploaded', 'none');
        // Not awaited: the upload answers now, its meaning search follows (failures are logged).
        void index(paperIds, 'uploaded', 'missing').catch(() => undefined);
      },
      removePaper: () => Promise.resolve(),
    };
  }
  const frames = createFrameIndexHolder({ store, embedder, log, settings: overrides });
  let wrapped: { index: FrameIndex; search: AnswerSearch } | null = null;
  return {
    backend: 'memory',
    current() {
      const index = frames.current();
      if (index === null) return null;
      if (wrapped?.index !== index) wrapped = { index, search: memoryAnswerSearch(index, store) };
      return wrapped.search;
    },
    reload: () => frames.reload(),
    addPapers: (paperIds) => frames.addPapers(paperIds),
    removePaper: (paperId) => frames.removePaper(paperId),
  };
}
