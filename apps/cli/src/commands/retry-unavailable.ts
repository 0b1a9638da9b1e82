/**
 * @module Retrying a long job while the database is unavailable: a lost connection or a pool that
 * found no free connection in time (an AppError `storage_failure`) waits and runs the job again,
 * with doubling waits, at most `attempts` times in all. A job that resumes where it stopped (such
 * as `quarry index`, which indexes only the papers still missing) loses nothing by it; any other
 * error ends the job at once.
 */
import { isAppError } from '@quarry/core';

/** The longest wait between two attempts. */
export const maxRetryDelayMs = 60_000;

export function isRetryableStorageFailure(error: unknown): boolean {
  return isAppError(error) && error.code === 'storage_failure';
}

export async function retryWhileUnavailable<T>(options: {
  /** Runs the job; `attempt` counts from 1. */
  run: (attempt: number) => Promise<T>;
  /** Attempts in all (1: no retry). */
  attempts: number;
  /** The first wait; each later one doubles, up to `maxRetryDelayMs`. */
  delayMs: number;
  onRetry?: (retry: { attempt: number; waitMs: number; error: unknown }) => void;
  sleep?: (ms: number) => Promise<void>;
}): Promise<T> {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await options.run(attempt);
    } catch (error) {
      if (attempt >= options.attempts || !isRetryableStorageFailure(error)) throw error;
      const waitMs = Math.min(options.delayMs * 2 ** (attempt - 1), maxRetryDelayMs);
      options.onRetry?.({ attempt, waitMs, error });
      await sleep(waitMs);
    }
  }
}
