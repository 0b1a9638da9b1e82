/**
 * @module Stores for API tests that must hold on every backend: a fresh in-memory PGlite always,
 * and a fresh PostgreSQL database (created per open, dropped on dispose) when
 * QUARRY_TEST_POSTGRES_URL is set. In CI the PostgreSQL backend is required: a missing URL fails.
 */
import { randomBytes } from 'node:crypto';
import { openSqlClient, openStore } from '@quarry/store';
import type { Store } from '@quarry/store';

export interface TestStoreBackend {
  name: 'pglite' | 'postgres';
  /** A new, empty, migrated store. */
  open(): Promise<Store>;
  /** Drops what `open` created (the stores must be closed first). */
  dispose(): Promise<void>;
}

export const postgresTestUrl = process.env.QUARRY_TEST_POSTGRES_URL;
export const postgresRequired = process.env.CI === 'true';

function postgresBackend(adminUrl: string): TestStoreBackend {
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
    name: 'postgres',
    async open() {
      const databaseName = `quarry_api_test_${randomBytes(6).toString('hex')}`;
      await asAdmin(`CREATE DATABASE ${databaseName}`);
      created.push(databaseName);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      return openStore({ location: url.toString() });
    },
    async dispose() {
      for (const databaseName of created.splice(0))
        await asAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    },
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
