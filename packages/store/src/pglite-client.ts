/**
 * @module SqlClient over PGlite (Postgres compiled to WASM) with pgvector: the embedded default,
 * keeping its data in a directory that one process at a time holds under an exclusive lock, with
 * every commit fsynced unless durability is relaxed.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { AppError, isAppError } from '@quarry/core';
import { acquireDatabaseFolderLock } from './database-folder-lock.js';
import type { DatabaseFolderLock } from './database-folder-lock.js';
import { embeddedStorageOptions, syncDirectoryTree } from './durable-node-filesystem.js';
import type { EmbeddedDurability } from './durable-node-filesystem.js';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client.js';

interface PgliteQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

export function executorOver(database: PgliteQueryable): SqlExecutor {
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

export interface PgliteClientOptions {
  /** The data directory; undefined means a throw-away in-memory database (no lock). */
  dataDirectory?: string;
  /** `full` (default) fsyncs every commit; `relaxed` is PGlite's own fsync-off mode. */
  durability?: EmbeddedDurability;
  /** A gzipped data-directory archive to create the database from (the folder must be empty). */
  loadArchive?: Blob;
}

/** An embedded SqlClient, which can also write its whole data directory as one archive. */
export interface PgliteSqlClient extends SqlClient {
  readonly kind: 'pglite';
  /** The data directory as a gzipped tar archive (PGlite's dumpDataDir). */
  dumpArchive(): Promise<Blob>;
}

/**
 * Opens the PGlite database itself (creating it when missing), without the folder lock: the
 * caller holds that. Shared by the in-thread client below and the worker-thread one.
 */
export async function openPgliteDatabase(
  options: Omit<PgliteClientOptions, 'dataDirectory'> & { dataDirectory: string | undefined },
): Promise<PGlite> {
  const { dataDirectory } = options;
  if (dataDirectory) await mkdir(dataDirectory, { recursive: true });
  const durability = options.durability ?? 'full';
  const fresh = dataDirectory !== undefined && !existsSync(join(dataDirectory, 'PG_VERSION'));
  const database = await PGlite.create({
    ...(dataDirectory ? embeddedStorageOptions({ directory: dataDirectory, durability }) : {}),
    ...(options.loadArchive ? { loadDataDir: options.loadArchive } : {}),
    extensions: { vector },
  });
  // initdb's files and a loaded archive are copied in by PGlite, not written by PostgreSQL.
  if (fresh && dataDirectory && durability === 'full') syncDirectoryTree(dataDirectory);
  return database;
}

/** The error an embedded database that cannot be opened is reported as. */
export function openFailure(error: unknown, dataDirectory: string | undefined): AppError {
  if (isAppError(error)) return error;
  return new AppError({
    code: 'storage_failure',
    message: `could not open the embedded database: ${error instanceof Error ? error.message : String(error)}`,
    where: dataDirectory ?? 'memory',
    fix: 'check that the folder is writable and holds a Quarry database (or is empty)',
    cause: error,
  });
}

/** Opens (creating when missing) an embedded database; `dataDirectory` undefined means in memory. */
export async function createPgliteClient(options: PgliteClientOptions): Promise<PgliteSqlClient> {
  const { dataDirectory } = options;
  // The lock comes first, before PGlite touches the folder; it fails at once when held.
  const lock: DatabaseFolderLock | null = dataDirectory
    ? acquireDatabaseFolderLock({ directory: dataDirectory })
    : null;
  try {
    const database = await openPgliteDatabase({ ...options, dataDirectory });
    const executor = executorOver(database);
    return {
      kind: 'pglite',
      location: dataDirectory ?? 'memory',
      ...executor,
      transaction: <T>(work: (transaction: SqlExecutor) => Promise<T>) =>
        database.transaction((transaction) => work(executorOver(transaction))),
      dumpArchive: () => database.dumpDataDir('gzip'),
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw openFailure(error, dataDirectory);
  }
}
