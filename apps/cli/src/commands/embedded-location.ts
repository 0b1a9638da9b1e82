/**
 * @module The embedded database folder a backup or restore works on: `--db` or QUARRY_DB, which
 * must be a folder (PostgreSQL has its own tools, and an in-memory database has nothing to keep).
 */
import { AppError } from '@quarry/core';
import { isPostgresUrl } from '@quarry/store';

export function embeddedFolderOf(options: { location: string; usage: string }): string {
  const { location } = options;
  if (isPostgresUrl(location) || location === 'memory://') {
    throw new AppError({
      code: 'unsupported',
      message: 'backup and restore work on an embedded database folder',
      where: isPostgresUrl(location) ? 'postgres://…' : location,
      fix: isPostgresUrl(location)
        ? 'use pg_dump and pg_restore for PostgreSQL'
        : `pass --db with a folder (usage: ${options.usage})`,
    });
  }
  return location;
}
