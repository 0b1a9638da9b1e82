/**
 * @module Turns at the model for the batches of several embed calls in flight: one batch runs at a
 * time, and a waiting query's batch goes before waiting passage batches, so a search typed while
 * an uploaded paper is being embedded waits for at most the one batch already running.
 */
import type { EmbedPurpose } from '@quarry/core';

/** Runs `work` when it is the caller's turn; resolves with what `work` returns. */
export type TakeTurn = <T>(purpose: EmbedPurpose, work: () => Promise<T>) => Promise<T>;

/** Every caller runs at once (the embedder's own behaviour on the calling thread). */
export const immediateTurn: TakeTurn = (_purpose, work) => work();

/** One batch at a time; queries first, then passages, each in the order they asked. */
export function createBatchTurns(): TakeTurn {
  const waiting: Record<EmbedPurpose, (() => void)[]> = { query: [], passage: [] };
  let busy = false;
  const startNext = (): void => {
    const next = waiting.query.shift() ?? waiting.passage.shift();
    if (next === undefined) busy = false;
    else next();
  };
  return async (purpose, work) => {
    if (busy) await new Promise<void>((resolve) => waiting[purpose].push(resolve));
    busy = true;
    try {
      return await work();
    } finally {
      startNext();
    }
  };
}
