/**
 * @module Throw-away PostgreSQL databases for tests: each `create` makes a new empty database on
 * the server QUARRY_TEST_POSTGRES_URL names and returns its URL; `dispose` drops them all. The one
 * place tests create and drop databases, and say that CI requires the server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The administrative URL of the test server, when one is set. */
export const postgresTestUrl = process.env.QUARRY_TEST_POSTGRES_URL;
/** In CI a test that needs PostgreSQL fails without it instead of skipping. */
export const postgresRequired = process.env.CI === 'true';

export interface ThrowawayPostgres {
  /** A new, empty database; its URL. */
  create(): Promise<string>;
  /** Drops every database `create` made (connections to them are closed by force). */
  dispose(): Promise<void>;
}

export function throwawayPostgres(adminUrl: string, prefix = 'quarry_test'): ThrowawayPostgres {
  const created: string[] = [];
  const asAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  return {
    async create() {
      // Reached without a server only where PostgreSQL is required (CI): fail, never skip, and say
      // why (an empty URL would otherwise try whatever server the pg defaults point at).
      if (adminUrl === '')
        throw new Error(
          'QUARRY_TEST_POSTGRES_URL is not set: this test needs PostgreSQL, which CI (CI=true) requires',
        );
      const databaseName = `${prefix}_${randomBytes(6).toString('hex')}`;
      await asAdmin(`CREATE DATABASE ${databaseName}`);
      created.push(databaseName);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      return url.toString();
    },
    async dispose() {
      for (const databaseName of created.splice(0))
        await asAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    },
  };
}
