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
  /** Opens a new, empty database. */
  open(): Promise<SqlClient>;
  /** Drops what `open` created. */
  dispose(): Promise<void>;
}

export const postgresTestUrl = process.env.QUARRY_TEST_POSTGRES_URL;
export const postgresRequired = process.env.CI === 'true';

function pgliteDatabase(): TestDatabase {
  return { name: 'pglite', open: () => createPgliteClient({}), dispose: () => Promise.resolve() };
}

function postgresDatabase(adminUrl: string): TestDatabase {
  const created: string[] = [];
  const withAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  return {
    name: 'postgres',
    /** Every call creates a new empty database. */
    async open() {
      const databaseName = `quarry_test_${randomBytes(6).toString('hex')}`;
      await withAdmin(`CREATE DATABASE ${databaseName}`);
      created.push(databaseName);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${databaseName}`;
      return createPostgresClient({ connectionString: databaseUrl.toString() });
    },
    async dispose() {
      for (const databaseName of created.splice(0)) {
        await withAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
    },
  };
}

/** The backends the contract suite runs against on this machine. */
export function contractBackends(): TestDatabase[] {
  const backends = [pgliteDatabase()];
  if (postgresTestUrl) backends.push(postgresDatabase(postgresTestUrl));
  return backends;
}
