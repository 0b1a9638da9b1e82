/**
 * @module Stores for the search-backend tests: an in-memory PGlite always, and fresh PostgreSQL
 * databases (created per open, dropped on dispose) when QUARRY_TEST_POSTGRES_URL is set. In CI the
 * PostgreSQL side is required: a missing URL fails instead of skipping.
 */
import { openStore } from '@quarry/store';
import { throwawayPostgres } from '@quarry/testing';
import type { Store } from '@quarry/store';

export { postgresRequired, postgresTestUrl } from '@quarry/testing';

export interface PostgresTestDatabases {
  /** A new, empty, migrated database; its URL, to open more stores (processes) on it. */
  create(): Promise<string>;
  open(url: string): Promise<Store>;
  dispose(): Promise<void>;
}

export function postgresTestDatabases(adminUrl: string): PostgresTestDatabases {
  const databases = throwawayPostgres(adminUrl, 'quarry_search_test');
  return {
    create: () => databases.create(),
    open: (url) => openStore({ location: url }),
    dispose: () => databases.dispose(),
  };
}
