/**
 * @module A throw-away database for one benchmark run, removed afterwards: by default embedded, in a
 * fresh temporary folder; with `postgresServer`, a fresh database created on that PostgreSQL server
 * (throwaway-postgres-database.ts). Every benchmark builds its own index so it can run on any data
 * in the same format.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@quarry/core';
import type { Embedder, Paper } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { withThrowawayPostgresDatabase } from './throwaway-postgres-database.js';

export interface ThrowawayStoreOptions {
  prefix: string;
  /** Where the temporary folder goes; default the OS temporary folder. */
  workDirectory?: string | undefined;
  /**
   * A postgres:// URL: the store is a fresh database created on that server (never the database
   * the URL names) and dropped afterwards, instead of an embedded one.
   */
  postgresServer?: string | undefined;
  /** Papers stored before `work` runs. */
  papers?: Iterable<Paper>;
}

export async function withThrowawayStore<Result>(
  options: ThrowawayStoreOptions,
  work: (store: Store) => Promise<Result>,
): Promise<Result> {
  if (options.postgresServer !== undefined) {
    return withThrowawayPostgresDatabase({ serverUrl: options.postgresServer }, (databaseUrl) =>
      withStoreAt(databaseUrl, options.papers, work),
    );
  }
  const parent = options.workDirectory ? options.workDirectory : tmpdir();
  const directory = await mkdtemp(join(parent, options.prefix));
  try {
    return await withStoreAt(directory, options.papers, work);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function withStoreAt<Result>(
  location: string,
  papers: Iterable<Paper> | undefined,
  work: (store: Store) => Promise<Result>,
): Promise<Result> {
  const store = await openStore({ location });
  try {
    for (const paper of papers ?? []) await store.papers.upsert(paper);
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The embedder a frame-index system needs; an `invalid_input` AppError when none was loaded. */
export function requireEmbedder(embedder: Embedder | undefined): Embedder {
  if (embedder === undefined) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the hybrid system needs an embedding model',
      fix: 'load a model, or run the bm25 baseline',
    });
  }
  return embedder;
}
