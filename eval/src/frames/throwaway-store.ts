/**
 * @module A throw-away embedded database in a fresh temporary folder, removed afterwards: every
 * benchmark builds its own index so it can run on any data in the same format.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';

export async function withThrowawayStore<Result>(
  options: { parentDirectory?: string; prefix: string },
  work: (store: Store) => Promise<Result>,
): Promise<Result> {
  const directory = await mkdtemp(join(options.parentDirectory ?? tmpdir(), options.prefix));
  try {
    const store = await openStore({ location: directory });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
