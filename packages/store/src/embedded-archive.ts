/**
 * @module Backup and restore of an embedded database folder as one archive (PGlite's gzipped
 * tarball of the data directory). Both hold the folder's exclusive lock while they work. Restore
 * checks the archive in memory first, builds the new folder beside the old one, and swaps the two
 * with renames: at every moment the folder is either the old database or the new one, whole.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { AppError, isAppError } from '@quarry/core';
import { acquireDatabaseFolderLock } from './database-folder-lock.js';
import { syncPath } from './durable-node-filesystem.js';
import type { EmbeddedDurability } from './durable-node-filesystem.js';
import { createPgliteClient } from './pglite-client.js';
import type { PgliteSqlClient } from './pglite-client.js';

export interface EmbeddedArchiveSummary {
  /** Archive size in bytes. */
  bytes: number;
  /** Migrations recorded in the database, and rows in its main tables. */
  migrations: number;
  datasets: number;
  papers: number;
  frames: number;
}

function holdsDatabase(directory: string): boolean {
  return existsSync(join(directory, 'PG_VERSION'));
}

async function summarize(client: PgliteSqlClient, bytes: number): Promise<EmbeddedArchiveSummary> {
  const { rows } = await client.query<Omit<EmbeddedArchiveSummary, 'bytes'>>(
    `SELECT (SELECT count(*)::int FROM schema_migrations) AS migrations,
       (SELECT count(*)::int FROM datasets) AS datasets,
       (SELECT count(*)::int FROM papers) AS papers,
       (SELECT count(*)::int FROM frames) AS frames`,
  );
  const counts = rows[0];
  if (!counts) throw new Error('the database answered no counts');
  return { bytes, ...counts };
}

/** Writes `content` to `path` through a temporary file, fsynced, then renamed into place. */
async function writeFileDurably(path: string, content: Uint8Array): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/** Archives the embedded database in `directory` to `outFile` (a .tar.gz). */
export async function backupEmbeddedDatabase(options: {
  directory: string;
  outFile: string;
}): Promise<EmbeddedArchiveSummary> {
  const directory = resolve(options.directory);
  if (!holdsDatabase(directory)) {
    throw new AppError({
      code: 'not_found',
      message: 'there is no embedded database in this folder',
      where: directory,
      fix: 'pass --db with the folder that holds the database',
    });
  }
  // Opening takes the folder's lock: a backup never copies a folder another process is writing.
  const client = await createPgliteClient({ dataDirectory: directory });
  try {
    const archive = new Uint8Array(await (await client.dumpArchive()).arrayBuffer());
    const summary = await summarize(client, archive.byteLength);
    await writeFileDurably(resolve(options.outFile), archive);
    return summary;
  } finally {
    await client.close();
  }
}

/** Opens the archive in memory: it must be a whole Quarry database. */
async function checkArchive(archive: Blob, archiveFile: string): Promise<EmbeddedArchiveSummary> {
  let client: PgliteSqlClient | null = null;
  try {
    client = await createPgliteClient({ loadArchive: archive });
    return await summarize(client, archive.size);
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: `not a Quarry database backup: ${error instanceof Error ? error.message : String(error)}`,
      where: archiveFile,
      fix: 'pass a file written by `quarry backup`',
      cause: error,
    });
  } finally {
    await client?.close();
  }
}

/**
 * Restores `archiveFile` into `directory`. A folder with anything in it is only replaced with
 * `force`; the archive is checked before anything is touched.
 */
export async function restoreEmbeddedDatabase(options: {
  archiveFile: string;
  directory: string;
  force?: boolean;
  durability?: EmbeddedDurability;
}): Promise<EmbeddedArchiveSummary> {
  const directory = resolve(options.directory);
  const archiveFile = resolve(options.archiveFile);
  const lock = acquireDatabaseFolderLock({ directory });
  const staging = join(
    dirname(directory),
    `.${basename(directory)}.restore-${randomBytes(4).toString('hex')}`,
  );
  try {
    const present = existsSync(directory);
    if (present && !(await stat(directory)).isDirectory()) {
      throw new AppError({
        code: 'conflict',
        message: 'the restore target is a file, not a folder',
        where: directory,
        fix: 'pass --db with a folder',
      });
    }
    if (present && (await readdir(directory)).length > 0 && options.force !== true) {
      throw new AppError({
        code: 'conflict',
        message: 'the folder is not empty; restoring would replace what it holds',
        where: directory,
        fix: 'pass --force to replace it, or --db with an empty or new folder',
      });
    }
    let archive: Blob;
    try {
      archive = new Blob([await readFile(archiveFile)]);
    } catch (error) {
      throw new AppError({
        code: 'not_found',
        message: 'cannot read the backup file',
        where: archiveFile,
        cause: error,
      });
    }
    await checkArchive(archive, archiveFile);
    const restored = await createPgliteClient({
      dataDirectory: staging,
      loadArchive: archive,
      ...(options.durability ? { durability: options.durability } : {}),
    });
    let summary: EmbeddedArchiveSummary;
    try {
      summary = await summarize(restored, archive.size);
    } finally {
      await restored.close();
    }
    // The swap: old folder aside, new folder in, old folder deleted; a failure in between puts
    // the old folder back.
    const replaced = `${staging}.replaced`;
    if (present) await rename(directory, replaced);
    try {
      await rename(staging, directory);
    } catch (error) {
      if (present) await rename(replaced, directory);
      throw error;
    }
    syncPath(dirname(directory));
    await rm(replaced, { recursive: true, force: true });
    return summary;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (isAppError(error)) throw error;
    throw new AppError({
      code: 'storage_failure',
      message: `restore failed: ${error instanceof Error ? error.message : String(error)}`,
      where: directory,
      cause: error,
    });
  } finally {
    lock.release();
  }
}
