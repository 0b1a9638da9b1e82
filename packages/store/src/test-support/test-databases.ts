/**
 * @module Test databases for the storage contract suite: a fresh in-memory PGlite, and a fresh
 * PostgreSQL database (created and dropped per suite) when QUARRY_TEST_POSTGRES_URL is set. In CI
 * the PostgreSQL backend is required, so a missing URL fails instead of skipping.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgliteClient } from '../pglite-client.js';
import { createPostgresClient } from '../postgres-client.js';
import type { SqlClient } from '../sql-client.js';

export interface TestDatabase {
  name: string;
  open(): Promise<SqlClient>;
  /** Drops what `open` created. */
  dispose(): Promise<void>;
}

export const postgresTestUrl = process.env.QUARRY_TEST_POSTGRES_URL;
export const postgresRequired = process.env.CI === 'true';

function pgliteDatabase(): TestDatabase {
  return { name: 'pglite', open: () => createPgliteClient({}), dispose: async () => undefined };
}

function postgresDatabase(adminUrl: string): TestDatabase {
  const databaseName = `quarry_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  return {
    name: 'postgres',
    async open() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      return createPostgresClient({ connectionString: databaseUrl.toString() });
    },
    async dispose() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The backends the contract suite runs against on this machine. */
export function contractBackends(): TestDatabase[] {
  const backends = [pgliteDatabase()];
  if (postgresTestUrl) backends.push(postgresDatabase(postgresTestUrl));
  return backends;
}
