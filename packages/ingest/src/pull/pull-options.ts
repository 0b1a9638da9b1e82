/**
 * @module What every pull adapter is given: the store, the pull folder (downloads and
 * checkpoints), the database's identity (checkpoints are per database), the HTTP limits of its
 * source, progress and wait listeners, and a signal that stops it after the record in hand.
 */
import { AppError } from '@quarry/core';
import type { Store } from '@quarry/store';
import type { IngestProgressListener } from '../ingest-progress.js';
import type { PullHttpSettings, PullWait } from './pull-http-client.js';

export interface PullCommonOptions {
  store: Store;
  /** Folder for downloads and checkpoints of unfinished pulls. */
  folder: string;
  /** The database location as given (`--db`); checkpoints are kept per database. */
  database: string;
  /** Rate limit, retries and timeouts of this source. */
  http: PullHttpSettings;
  /** Sent as User-Agent. */
  userAgent: string;
  onProgress?: IngestProgressListener;
  onWait?: (wait: PullWait) => void;
  /** Aborting stops the pull after the record in hand; its checkpoint is kept. */
  signal?: AbortSignal;
}

/** Throws the signal's reason (an AbortError) when the pull was asked to stop. */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new AppError({
      code: 'internal',
      message: 'the pull was stopped; run the same command again to continue where it stopped',
      cause: signal.reason,
    });
  }
}

/** Joins a base URL and a path without doubling or losing the slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
