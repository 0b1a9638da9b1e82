/**
 * @module A throw-away database on a PostgreSQL server, for a benchmark run with `--db`: a fresh
 * database with a random name is created on the server the URL names and dropped afterwards, also
 * when the run fails. The database named in the URL is only the one connected to for creating and
 * dropping; nothing is ever written into it (no migrations, no rows).
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@quarry/core';
import { createPostgresClient, isPostgresUrl, redactConnectionString } from '@quarry/store';

/** Every throw-away benchmark database's name starts with this. */
export const throwawayDatabasePrefix = 'quarry_eval_';

export interface ThrowawayPostgresDatabaseOptions {
  /** A postgres:// URL of the server (and of a database on it to connect to, left untouched). */
  serverUrl: string;
}

/** The URL checked: a postgres:// URL that parses. */
function checkedServerUrl(serverUrl: string): URL {
  const fix =
    'give e.g. postgres://postgres@127.0.0.1:5432/postgres; the benchmark creates and drops a database of its own there';
  if (!isPostgresUrl(serverUrl)) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the benchmark database must be a postgres:// URL of a PostgreSQL server',
      fix,
    });
  }
  try {
    return new URL(serverUrl);
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: `the benchmark database URL does not parse: ${redactConnectionString(serverUrl)}`,
      fix,
      cause: error,
    });
  }
}

async function asAdministrator(serverUrl: string, sql: string): Promise<void> {
  const client = await createPostgresClient({ connectionString: serverUrl, maxConnections: 1 });
  try {
    await client.exec(sql);
  } finally {
    await client.close();
  }
}

/** Runs `work` with the URL of a new, empty database on the server; drops it afterwards. */
export async function withThrowawayPostgresDatabase<Result>(
  options: ThrowawayPostgresDatabaseOptions,
  work: (databaseUrl: string) => Promise<Result>,
): Promise<Result> {
  const url = checkedServerUrl(options.serverUrl);
  const databaseName = `${throwawayDatabasePrefix}${randomBytes(6).toString('hex')}`;
  await asAdministrator(options.serverUrl, `CREATE DATABASE ${databaseName}`);
  url.pathname = `/${databaseName}`;
  const drop = () =>
    asAdministrator(options.serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  let result: Result;
  try {
    result = await work(url.toString());
  } catch (error) {
    // The run's own failure is the one reported; the drop is still tried.
    await drop().catch(() => undefined);
    throw error;
  }
  await drop().catch((error: unknown) => {
    throw new AppError({
      code: 'storage_failure',
      message: `the benchmark ran, but its throw-away database ${databaseName} could not be dropped`,
      fix: `drop it by hand: DROP DATABASE ${databaseName} WITH (FORCE)`,
      cause: error,
    });
  });
  return result;
}
