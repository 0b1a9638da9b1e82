/**
 * @module The PostgreSQL backend's small cache of one-paper frame indexes (in-paper search,
 * suggestions and FAQs read a paper at a time): the `inPaperIndexCacheSize` most recently used
 * papers, each checked against the database on every use by a version (the paper's update time and
 * its frame and question counts and highest ids), so a paper replaced, deleted or annotated through
 * another process is read again, and so is one read while its vectors were still being written,
 * once they are in. Memory stays bounded by the cache size, not the corpus.
 */
import type { Store } from '@quarry/store';
import type { FrameIndex } from '../frame-index.js';

export interface PaperIndexCache {
  get(paperId: string): Promise<FrameIndex | null>;
}

async function paperVersion(store: Store, paperId: string): Promise<string | null> {
  const { rows } = await store.client.query<{ version: string | null }>(
    `SELECT p.updated_at::text || '/' || f.frames || '/' || f.last_frame || '/' || q.questions
              || '/' || q.last_question AS version
     FROM papers p,
       LATERAL (SELECT count(*) AS frames, coalesce(max(id), 0) AS last_frame FROM frames
                WHERE paper_id = p.id) AS f,
       LATERAL (SELECT count(*) AS questions, coalesce(max(q.id), 0) AS last_question
                FROM questions q JOIN frames qf ON qf.id = q.frame_id WHERE qf.paper_id = p.id) AS q
     WHERE p.id = $1`,
    [paperId],
  );
  return rows[0]?.version ?? null;
}

export function createPaperIndexCache(options: {
  store: Store;
  size: number;
  load: (paperId: string) => Promise<FrameIndex | null>;
  /**
   * Whether every frame and question of the paper has its vector: asked before a read, and on a hit
   * read while some were missing (then the paper is read again once they are in). Default: always.
   */
  vectorsComplete?: (paperId: string) => Promise<boolean>;
}): PaperIndexCache {
  const vectorsComplete = options.vectorsComplete ?? (() => Promise.resolve(true));
  /** Least recently used first. */
  const cached = new Map<
    string,
    { version: string; index: FrameIndex | null; complete: boolean }
  >();
  return {
    async get(paperId) {
      const version = await paperVersion(options.store, paperId);
      if (version === null) {
        cached.delete(paperId);
        return null;
      }
      const hit = cached.get(paperId);
      cached.delete(paperId);
      let complete = hit?.complete ?? false;
      if (hit !== undefined && hit.version === version) {
        // Read while some vectors were missing: kept until they are all in.
        if (!complete) complete = await vectorsComplete(paperId);
        if (hit.complete || !complete) {
          cached.set(paperId, hit);
          return hit.index;
        }
      } else {
        // Asked before the read: vectors complete then are all in what is read.
        complete = await vectorsComplete(paperId);
      }
      const index = await options.load(paperId);
      cached.set(paperId, { version, index, complete });
      while (cached.size > options.size) {
        const oldest = cached.keys().next().value;
        if (oldest === undefined) break;
        cached.delete(oldest);
      }
      return index;
    },
  };
}
