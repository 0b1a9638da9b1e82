/**
 * @module The in-paper BM25 indexes a frame index keeps built: one per paper, least recently used
 * dropped beyond `inPaperIndexCacheSize`. A grown index starts from a copy (the indexes are
 * shared: a paper's frames and rows do not change when papers are added after it).
 */
import type { Bm25Index } from '@quarry/text';

export class PaperBm25Cache {
  /** Least recently used first. */
  private readonly indexes: Map<string, Bm25Index<number>>;

  constructor(
    private readonly size: number,
    indexes?: ReadonlyMap<string, Bm25Index<number>>,
  ) {
    this.indexes = new Map(indexes);
  }

  /** A cache of the same indexes, used independently from now on. */
  copy(): PaperBm25Cache {
    return new PaperBm25Cache(this.size, this.indexes);
  }

  /** The paper's index, built by `build` when not held; undefined when `build` gives none. */
  get(paperId: string, build: () => Bm25Index<number> | undefined): Bm25Index<number> | undefined {
    const cached = this.indexes.get(paperId);
    if (cached !== undefined) {
      this.indexes.delete(paperId);
      this.indexes.set(paperId, cached);
      return cached;
    }
    const index = build();
    if (index === undefined) return undefined;
    this.indexes.set(paperId, index);
    while (this.indexes.size > this.size) {
      const oldest = this.indexes.keys().next().value;
      if (oldest === undefined) break;
      this.indexes.delete(oldest);
    }
    return index;
  }
}
