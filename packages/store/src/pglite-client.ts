/**
 * @module SqlClient over PGlite (Postgres compiled to WASM) with pgvector: the embedded default,
 * keeping its data in a directory.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { AppError } from '@quarry/core';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client.js';

interface PgliteQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function executorOver(database: PgliteQueryable): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await database.query<Row>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await database.exec(sql);
    },
  };
}

/** Opens (creating when missing) an embedded database; `dataDirectory` undefined means in memory. */
export async function createPgliteClient(options: { dataDirectory?: string }): Promise<SqlClient> {
  const { dataDirectory } = options;
  try {
    if (dataDirectory) await mkdir(dataDirectory, { recursive: true });
    const database = await PGlite.create({
      ...(dataDirectory ? { dataDir: dataDirectory } : {}),
      extensions: { vector },
    });
    const executor = executorOver(database);
    return {
      kind: 'pglite',
      location: dataDirectory ?? 'memory',
      ...executor,
      transaction: <T>(work: (transaction: SqlExecutor) => Promise<T>) =>
        database.transaction((transaction) => work(executorOver(transaction))),
      close: () => database.close(),
    };
  } catch (error) {
    throw new AppError({
      code: 'storage_failure',
      message: 'could not open the embedded database',
      where: dataDirectory ?? 'memory',
      fix: 'check that the folder is writable and not used by another Quarry process',
      cause: error,
    });
  }
}
