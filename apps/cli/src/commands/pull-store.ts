/**
 * @module Opens the database for `quarry pull`. An embedded database folder held by a running
 * `quarry serve` cannot be written by a second process; instead of the lock's general advice, the
 * pull says exactly what to do: stop the server, pull (it continues where it stopped), start the
 * server again — or share a PostgreSQL database between the two.
 */
import { readFileSync } from 'node:fs';
import { AppError, isAppError } from '@quarry/core';
import { isPostgresUrl, lockPathOf, openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import type { CommandContext } from '../command.js';
import { findRunningServer } from '../serve/running-server-record.js';

interface LockHolder {
  pid?: unknown;
  command?: unknown;
  startedAt?: unknown;
}

function readLockHolder(database: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(lockPathOf(database), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

/** What to do when a running server holds the folder. */
function stopServerFix(pid: number | null): string {
  return (
    `stop the server (Ctrl+C in its terminal${pid === null ? '' : `, or kill ${pid}`}), run this quarry pull again (it continues where it stopped), then start the server again (npm start); ` +
    'or keep the server running on a PostgreSQL database (QUARRY_DB=postgres://…), which a pull can share'
  );
}

export async function openStoreForPull(options: {
  context: CommandContext;
  database: string;
}): Promise<Store> {
  const { context, database } = options;
  const server = findRunningServer(database);
  if (server !== null) {
    throw new AppError({
      code: 'storage_failure',
      message: `the Quarry server at ${server.url} (process ${server.pid}) is using ${database}; a pull writes to the database itself and cannot run beside it`,
      fix: stopServerFix(server.pid),
    });
  }
  try {
    return await openStore({ location: database, connection: context.settings.databaseConnection });
  } catch (error) {
    const holder = isPostgresUrl(database) ? null : readLockHolder(database);
    if (!isAppError(error) || error.code !== 'storage_failure' || holder === null) throw error;
    const pid = typeof holder.pid === 'number' ? holder.pid : null;
    const command = typeof holder.command === 'string' ? holder.command : 'another quarry command';
    const since = typeof holder.startedAt === 'string' ? `, since ${holder.startedAt}` : '';
    const isServer = /\bserve\b/.test(command);
    throw new AppError({
      code: 'storage_failure',
      message: `the database ${database} is in use by process ${pid ?? '?'} (${command}${since}); a pull cannot write to it at the same time`,
      fix: isServer
        ? stopServerFix(pid)
        : `wait for that command to finish${pid === null ? '' : ` or stop it (kill ${pid})`}, then run this quarry pull again`,
      cause: error,
    });
  }
}
