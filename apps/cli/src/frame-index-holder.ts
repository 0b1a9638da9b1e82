/**
 * @module The server's current frame index: loaded in the background at start (routes that need it
 * answer 503 until then), and grown after an upload by adding only the new papers
 * (`addPapers`: their frames and questions read, the rest shared with the current index), one
 * change at a time. New papers are searchable by their words as soon as they are read; their
 * vectors are embedded in a change of their own right after (`fillPaperVectors`), so an upload
 * does not wait for the encoder (about 3-5 s for a 10-page PDF on 2 cores). Each change builds a new index beside the current one and swaps it
 * in with one assignment, so a search in flight finishes on the old index or runs on the new one,
 * never on half of each. A failed change keeps the previous index.
 */
import type { Embedder } from '@quarry/core';
import {
  addPapersToFrameIndex,
  fillPaperVectors,
  loadFrameIndex,
  removePapersFromFrameIndex,
} from '@quarry/frames';
import type { FrameIndex, FrameIndexSettings } from '@quarry/frames';
import type { Store } from '@quarry/store';

export interface FrameIndexHolder {
  current(): FrameIndex | null;
  /** Loads the index again from the store (embedding what is new); resolves when it is in use. */
  reload(): Promise<void>;
  /**
   * Adds these papers (just stored) to the index, replacing any it already holds; resolves when
   * they are searchable by their words. Before the first load has finished, this waits for it.
   */
  addPapers(paperIds: readonly string[]): Promise<void>;
  /** Resolves when every change asked for so far (vectors of added papers included) is in use. */
  settled(): Promise<void>;
  /** Drops a paper from the index (rebuilt from memory); resolves when the change is in use. */
  removePaper(paperId: string): Promise<void>;
}

export function createFrameIndexHolder(options: {
  store: Store;
  embedder: Embedder;
  log: (line: string) => void;
  /** An index already loaded from this store (default: none until `reload`). */
  initial?: FrameIndex;
  /** Frame-index settings to load with (default: the defaults). */
  settings?: Partial<FrameIndexSettings>;
}): FrameIndexHolder {
  let index: FrameIndex | null = options.initial ?? null;
  let queue: Promise<void> = Promise.resolve();

  const load = async () => {
    const loaded = await loadFrameIndex({
      store: options.store,
      embedder: options.embedder,
      ...(options.settings ? { settings: options.settings } : {}),
      // Vectors the current index holds need not be read from the store again.
      ...(index ? { previous: index } : {}),
    });
    index = loaded.index;
    options.log(
      `frame index ready: ${loaded.stats.frames} frames, ${loaded.stats.questions} questions in ${loaded.stats.totalSeconds.toFixed(1)} s`,
    );
  };

  const add = async (paperIds: readonly string[]) => {
    // No index yet (the first load failed): a full load reads the new papers too.
    if (index === null) return load();
    const added = await addPapersToFrameIndex({
      index,
      store: options.store,
      paperIds,
      embed: 'none',
    });
    index = added.index;
    options.log(
      `frame index: added ${added.stats.papers} paper(s), ${added.stats.frames} frames, ${added.stats.questions} questions in ${added.stats.totalSeconds.toFixed(2)} s (searchable by their words)`,
    );
    // Not awaited by the caller: the papers are searchable already (a failure is logged).
    enqueue(() => fill(paperIds)).catch(() => undefined);
  };

  const fill = async (paperIds: readonly string[]) => {
    if (index === null) return;
    const filled = await fillPaperVectors({ index, store: options.store, paperIds });
    index = filled.index;
    options.log(
      `frame index: vectors for ${filled.stats.papers} paper(s): ${filled.stats.embeddedFrames} frames and ${filled.stats.embeddedQuestions} questions embedded in ${filled.stats.totalSeconds.toFixed(2)} s`,
    );
  };

  const remove = async (paperId: string) => {
    if (index === null) return;
    const removed = await removePapersFromFrameIndex({ index, paperIds: [paperId] });
    index = removed.index;
    options.log(
      `frame index: removed ${removed.stats.papers} paper(s), ${removed.stats.frames} frames in ${removed.stats.totalSeconds.toFixed(2)} s`,
    );
  };

  /** Runs changes one after another; a failure is logged and rejects only its own caller. */
  const enqueue = (change: () => Promise<void>) => {
    const next = queue.then(change);
    queue = next.catch((error: unknown) => {
      options.log(`note: frame index change failed: ${String(error)}`);
    });
    return next;
  };
  const settled = async (): Promise<void> => {
    const seen = queue;
    await seen;
    // A change may have queued another (an addition queues its vectors).
    if (queue !== seen) await settled();
  };

  return {
    current: () => index,
    reload: () => enqueue(load),
    addPapers: (paperIds) => enqueue(() => add(paperIds)),
    removePaper: (paperId) => enqueue(() => remove(paperId)),
    settled,
  };
}
