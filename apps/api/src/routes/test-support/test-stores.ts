/**
 * @module Stores for API tests that must hold on every backend: a fresh in-memory PGlite always,
 * and a fresh PostgreSQL database (created per open, dropped on dispose) when
 * QUARRY_TEST_POSTGRES_URL is set. In CI the PostgreSQL backend is required: a missing URL fails.
 */
import { openStore } from '@quarry/store';
import { postgresTestUrl, throwawayPostgres } from '@quarry/testing';
import type { Store } from '@quarry/store';

export interface TestStoreBackend {
  name: 'pglite' | 'postgres';
  /** A new, empty, migrated store. */
  open(): Promise<Store>;
  /** Drops what `open` created (the stores must be closed first). */
  dispose(): Promise<void>;
}

export { postgresRequired, postgresTestUrl } from '@quarry/testing';

function postgresBackend(adminUrl: string): TestStoreBackend {
  const databases = throwawayPostgres(adminUrl, 'quarry_api_test');
  return {
    name: 'postgres',
    open: async () => openStore({ location: await databases.create() }),
    dispose: () => databases.dispose(),
  };
}

/** PGlite, and PostgreSQL when QUARRY_TEST_POSTGRES_URL is set. */
export function testStoreBackends(): TestStoreBackend[] {
  const backends: TestStoreBackend[] = [
    {
      name: 'pglite',
      open: () => openStore({ location: 'memory://' }),
      dispose: () => Promise.resolve(),
    },
  ];
  if (postgresTestUrl) backends.push(postgresBackend(postgresTestUrl));
  return backends;
}
