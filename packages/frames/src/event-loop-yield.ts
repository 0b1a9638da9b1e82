/**
 * @module Cooperative yielding for long loops on the main thread: a loop over the whole corpus
 * (building BM25 over 83K frames takes seconds) calls `maybeYield()` per item and gives the event
 * loop a turn (setImmediate) whenever its current slice has run longer than `sliceMs`, so a server
 * keeps answering requests while an index is built.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Default longest synchronous slice, in milliseconds (well under the 50 ms a request may wait). */
export const defaultSliceMs = 20;

export interface EventLoopYielder {
  /** Resolves at once while the slice lasts, else after one turn of the event loop. */
  maybeYield(): Promise<void> | undefined;
}

export function createEventLoopYielder(
  options: { sliceMs?: number; now?: () => number } = {},
): EventLoopYielder {
  const sliceMs = options.sliceMs ?? defaultSliceMs;
  const now = options.now ?? (() => performance.now());
  let sliceStartedAt = now();
  return {
    maybeYield() {
      if (now() - sliceStartedAt < sliceMs) return undefined;
      return nextTurn().then(() => {
        sliceStartedAt = now();
      });
    },
  };
}

/** Entries copied between offers of a turn (`copyMapInSteps`). */
const copyStep = 4096;

/**
 * A copy of `map`, made entry by entry with `yieldTurn` offered every few thousand entries: one
 * `new Map(...)` of a large index's table holds a server's loop for tens of milliseconds.
 */
export async function copyMapInSteps<Key, Value>(
  map: ReadonlyMap<Key, Value>,
  yieldTurn: () => Promise<void> | undefined,
): Promise<Map<Key, Value>> {
  const copy = new Map<Key, Value>();
  let copied = 0;
  for (const [key, value] of map) {
    copy.set(key, value);
    if (++copied % copyStep === 0) await yieldTurn();
  }
  return copy;
}
