/**
 * @module Test databases for the storage contract suite: a fresh in-memory PGlite (on the test's
 * thread, and on a worker thread as `quarry serve` runs it), and a fresh
 * PostgreSQL database (created and dropped per suite) when QUARRY_TEST_POSTGRES_URL is set. In CI
 * the PostgreSQL backend is required, so a missing URL fails instead of skipping.
 */
import { postgresTestUrl, throwawayPostgres } from '@quarry/testing';
import { createPgliteClient } from '../pglite-client.js';
import { createPgliteWorkerClient } from '../pglite-worker-client.js';
import { createPostgresClient } from '../postgres-client.js';
import type { SqlClient } from '../sql-client.js';

export interface TestDatabase {
  name: string;
  /** Opens a new, empty database. */
  open(): Promise<SqlClient>;
  /** Drops what `open` created. */
  dispose(): Promise<void>;
}

export { postgresRequired, postgresTestUrl } from '@quarry/testing';

function pgliteDatabase(): TestDatabase {
  return { name: 'pglite', open: () => createPgliteClient({}), dispose: () => Promise.resolve() };
}

function pgliteWorkerDatabase(): TestDatabase {
  return {
    name: 'pglite-worker',
    open: () => createPgliteWorkerClient({}),
    dispose: () => Promise.resolve(),
  };
}

function postgresDatabase(adminUrl: string): TestDatabase {
  const databases = throwawayPostgres(adminUrl);
  return {
    name: 'postgres',
    /** Every call creates a new empty database. */
    open: async () => createPostgresClient({ connectionString: await databases.create() }),
    dispose: () => databases.dispose(),
  };
}

/** The backends the contract suite runs against on this machine. */
export function contractBackends(): TestDatabase[] {
  const backends = [pgliteDatabase(), pgliteWorkerDatabase()];
  if (postgresTestUrl) backends.push(postgresDatabase(postgresTestUrl));
  return backends;
}
