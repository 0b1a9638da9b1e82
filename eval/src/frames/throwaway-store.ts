/**
 * @module A throw-away embedded database in a fresh temporary folder, removed afterwards: every
 * benchmark builds its own index so it can run on any data in the same format.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@quarry/core';
import type { Embedder, Paper } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';

export interface ThrowawayStoreOptions {
  prefix: string;
  /** Where the temporary folder goes; default the OS temporary folder. */
  workDirectory?: string | undefined;
  /** Papers stored before `work` runs. */
  papers?: Iterable<Paper>;
}

export async function withThrowawayStore<Result>(
  options: ThrowawayStoreOptions,
  work: (store: Store) => Promise<Result>,
): Promise<Result> {
  const parent = options.workDirectory ? options.workDirectory : tmpdir();
  const directory = await mkdtemp(join(parent, options.prefix));
  try {
    const store = await openStore({ location: directory });
    try {
      for (const paper of options.papers ?? []) await store.papers.upsert(paper);
      return await work(store);
    } finally {
      await store.close();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
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
