/**
 * @module The migrator: applies the numbered SQL files of migrations/ in order, each in its own
 * transaction, and records what ran (name and checksum) in schema_migrations. Same code for
 * PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '@quarry/core';
import type { SqlClient, SqlExecutor } from './sql-client.js';

/** The repository's migrations/ folder (this file lives in packages/store/{src,dist}/). */
export const defaultMigrationsDirectory = fileURLToPath(
  new URL('../../../migrations', import.meta.url),
);

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

const migrationFilePattern = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Any constant works; it only has to be the same for every Quarry process. */
const migrationLockKey = 7_204_118;

export async function loadMigrations(directory = defaultMigrationsDirectory): Promise<Migration[]> {
  const names = (await readdir(directory)).filter((name) => migrationFilePattern.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(directory, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

async function appliedMigrations(executor: SqlExecutor): Promise<Map<string, string>> {
  const { rows } = await executor.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_migrations',
  );
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

async function schemaMigrationsExists(executor: SqlExecutor): Promise<boolean> {
  const { rows } = await executor.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  return rows[0]?.present === true;
}

/**
 * Applies every migration not yet recorded, all in one transaction (so a failure leaves the schema
 * as it was); fails if a recorded one was edited since it ran. On PostgreSQL a transaction-level
 * advisory lock keeps two processes from migrating at once.
 */
export async function migrate(
  client: SqlClient,
  options: { directory?: string } = {},
): Promise<MigrationReport> {
  const migrations = await loadMigrations(options.directory);
  return client.transaction(async (transaction) => {
    // A migration may build an index over many rows: it is not bound by the statement timeout.
    await transaction.exec('SET LOCAL statement_timeout = 0');
    if (client.kind === 'postgres') {
      await transaction.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    }
    await transaction.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = await appliedMigrations(transaction);
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const recordedChecksum = applied.get(migration.name);
      if (recordedChecksum !== undefined) {
        if (recordedChecksum !== migration.checksum) {
          throw new AppError({
            code: 'migration_failure',
            message: 'an applied migration was edited after it ran',
            where: migration.name,
            fix: 'never edit an applied migration; add a new numbered file instead',
          });
        }
        report.alreadyApplied.push(migration.name);
        continue;
      }
      try {
        await transaction.exec(migration.sql);
      } catch (error) {
        throw new AppError({
          code: 'migration_failure',
          message: 'migration failed; nothing was applied',
          where: migration.name,
          fix: 'fix the SQL file and run again',
          cause: error,
        });
      }
      await transaction.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      report.applied.push(migration.name);
    }
    return report;
  });
}

/** Names of migrations present on disk but not yet applied (for `quarry doctor`). */
export async function pendingMigrations(
  client: SqlClient,
  options: { directory?: string } = {},
): Promise<string[]> {
  const migrations = await loadMigrations(options.directory);
  if (!(await schemaMigrationsExists(client))) return migrations.map((migration) => migration.name);
  const applied = await appliedMigrations(client);
  return migrations.filter((migration) => !applied.has(migration.name)).map((m) => m.name);
}
