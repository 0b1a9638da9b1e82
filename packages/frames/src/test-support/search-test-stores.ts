/**
 * @module Stores for the search-backend tests: an in-memory PGlite always, and fresh PostgreSQL
 * databases (created per open, dropped on dispose) when QUARRY_TEST_POSTGRES_URL is set. In CI the
 * PostgreSQL side is required: a missing URL fails instead of skipping.
 */
import { randomBytes } from 'node:crypto';
import { openSqlClient, openStore } from '@quarry/store';
import type { Store } from '@quarry/store';

export const postgresTestUrl = process.env.QUARRY_TEST_POSTGRES_URL;
export const postgresRequired = process.env.CI === 'true';

export interface PostgresTestDatabases {
  /** A new, empty, migrated database; its URL, to open more stores (processes) on it. */
  create(): Promise<string>;
  open(url: string): Promise<Store>;
  dispose(): Promise<void>;
}

export function postgresTestDatabases(adminUrl: string): PostgresTestDatabases {
  const created: string[] = [];
  const asAdmin = async (sql: string) => {
    const admin = await openSqlClient(adminUrl);
    try {
      await admin.query(sql);
    } finally {
      await admin.close();
    }
  };
  return {
    async create() {
      const databaseName = `quarry_search_test_${randomBytes(6).toString('hex')}`;
      await asAdmin(`CREATE DATABASE ${databaseName}`);
      created.push(databaseName);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      return url.toString();
    },
    open: (url) => openStore({ location: url }),
    async dispose() {
      for (const databaseName of created.splice(0)) {
        await asAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
    },
  };
}
