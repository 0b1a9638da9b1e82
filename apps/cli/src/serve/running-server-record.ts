/**
 * @module Where a running `quarry serve` can be reached, recorded beside the embedded database
 * folder it holds (`<folder>.server.json`, next to `<folder>.lock`, so backups of the folder never
 * carry it). Commands that find the folder held by that server send their work through its API
 * (`quarry ingest papers`) or say exactly what to do, instead of failing on the folder lock.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { isPostgresUrl, isProcessAlive, lockPathOf } from '@quarry/store';

export interface RunningServerRecord {
  pid: number;
  hostname: string;
  /** The address this machine reaches the server at, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** When the server started listening (ISO 8601). */
  startedAt: string;
}

/** Whether a database location is an embedded folder (one process at a time holds it). */
export function isEmbeddedFolder(location: string): boolean {
  return !isPostgresUrl(location) && location !== 'memory://';
}

export function runningServerPathOf(folder: string): string {
  return `${resolve(folder)}.server.json`;
}

/** The address to reach a server listening on `host` from this machine (any address: loopback). */
export function reachableUrl(host: string, port: number): string {
  const local = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

/** Writes the record (atomically); `remove` deletes it if it is still this process's. */
export function recordRunningServer(options: { folder: string; url: string; now?: () => Date }): {
  path: string;
  remove(): void;
} {
  const path = runningServerPathOf(options.folder);
  const record: RunningServerRecord = {
    pid: process.pid,
    hostname: hostname(),
    url: options.url,
    startedAt: (options.now ?? (() => new Date()))().toISOString(),
  };
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, path);
  let removed = false;
  return {
    path,
    remove() {
      if (removed) return;
      removed = true;
      const current = readRecord(path);
      if (current?.pid !== record.pid || current.startedAt !== record.startedAt) return;
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    },
  };
}

function readRecord(path: string): RunningServerRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<RunningServerRecord>;
    return typeof parsed.pid === 'number' &&
      typeof parsed.url === 'string' &&
      typeof parsed.hostname === 'string'
      ? {
          pid: parsed.pid,
          hostname: parsed.hostname,
          url: parsed.url,
          startedAt: String(parsed.startedAt),
        }
      : null;
  } catch {
    return null;
  }
}

function lockHolderPid(folder: string): number | null {
  try {
    const holder = JSON.parse(readFileSync(lockPathOf(folder), 'utf8')) as { pid?: unknown };
    return typeof holder.pid === 'number' ? holder.pid : null;
  } catch {
    return null;
  }
}

/**
 * The server holding this embedded folder, when one runs on this machine: its record exists, its
 * process is alive and it holds the folder's lock. A record left by a killed server is ignored.
 */
export function findRunningServer(location: string): RunningServerRecord | null {
  if (!isEmbeddedFolder(location)) return null;
  const record = readRecord(runningServerPathOf(location));
  if (record === null || record.hostname !== hostname() || !isProcessAlive(record.pid)) return null;
  return lockHolderPid(location) === record.pid ? record : null;
}
