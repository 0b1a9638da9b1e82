/**
 * @module The server's current frame index: loaded in the background at start (routes that need it
 * answer 503 until then) and reloaded after an upload, one load at a time, so a new paper becomes
 * searchable without a restart. A failed reload keeps the previous index; a reload takes the
 * vectors the previous index already holds from it.
 */
import type { Embedder } from '@quarry/core';
import { loadFrameIndex } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import type { Store } from '@quarry/store';

export interface FrameIndexHolder {
  current(): FrameIndex | null;
  /** Loads the index again from the store (embedding what is new); resolves when it is in use. */
  reload(): Promise<void>;
}

export function createFrameIndexHolder(options: {
  store: Store;
  embedder: Embedder;
  log: (line: string) => void;
}): FrameIndexHolder {
  let index: FrameIndex | null = null;
  let queue: Promise<void> = Promise.resolve();

  const load = async () => {
    const loaded = await loadFrameIndex({
      store: options.store,
      embedder: options.embedder,
      // Vectors the current index holds need not be read from the store again.
      ...(index ? { previous: index } : {}),
    });
    index = loaded.index;
    options.log(
      `frame index ready: ${loaded.stats.frames} frames, ${loaded.stats.questions} questions in ${loaded.stats.totalSeconds.toFixed(1)} s`,
    );
  };

  const reload = () => {
    const next = queue.then(load);
    queue = next.catch((error: unknown) => {
      options.log(`note: frame index failed to load: ${String(error)}`);
    });
    return next;
  };

  return { current: () => index, reload };
}
