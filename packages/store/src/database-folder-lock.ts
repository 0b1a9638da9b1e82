/**
 * @module Exclusive lock on an embedded database folder: one process at a time may open a PGlite
 * data directory, because two PGlite instances writing one folder corrupt it (PGlite runs
 * PostgreSQL in single-user mode and has no shared memory to arbitrate writers).
 *
 * The lock is a file beside the folder (`<folder>.lock`, so that backups of the folder never carry
 * it), made with an atomic link(2) of a fully written temporary file: the lock either does not
 * exist or holds the whole record (pid, host, command, start time). A lock whose pid is no longer
 * alive on this host is stale (its holder was killed) and is taken over, under a second
 * O_EXCL guard file so that two processes cannot both take over the same stale lock.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { AppError } from '@quarry/core';

/** What the lock file records about its holder. */
export interface DatabaseLockHolder {
  pid: number;
  hostname: string;
  /** The holder's command line, e.g. `node quarry.js serve`. */
  command: string;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** A random token, so that a process only ever removes its own lock. */
  token: string;
}

export interface DatabaseFolderLock {
  /** The lock file's path. */
  readonly path: string;
  readonly holder: DatabaseLockHolder;
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
}

export interface AcquireDatabaseFolderLockOptions {
  /** The embedded database folder (it need not exist yet). */
  directory: string;
  /** The command line recorded in the lock (default: this process's argv). */
  command?: string;
  /** Clock for `startedAt` (default: the system clock). */
  now?: () => Date;
}

const heldLocks = new Set<DatabaseFolderLock>();
let exitListenerInstalled = false;

/** Best effort on exit: a process that ends without close() leaves no lock behind. */
function releaseAllOnExit(): void {
  for (const lock of heldLocks) lock.release();
}

export function lockPathOf(directory: string): string {
  return `${resolve(directory)}.lock`;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function readHolder(path: string): DatabaseLockHolder | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      'hostname' in parsed &&
      typeof parsed.hostname === 'string'
    ) {
      return parsed as DatabaseLockHolder;
    }
    return null;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    // Unreadable or not JSON: not written by this module (the link makes ours complete).
    return {
      pid: -1,
      hostname: hostname(),
      command: '(unreadable lock)',
      startedAt: '',
      token: '',
    };
  }
}

/** Whether `pid` is a live process on this host (EPERM: alive, but another user's). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

function isStale(holder: DatabaseLockHolder): boolean {
  return holder.hostname === hostname() && !isProcessAlive(holder.pid);
}

/** Writes `content` to a new file and links it to `target`: false if `target` exists. */
function linkNewFile(target: string, content: string): boolean {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const descriptor = openSync(temporary, 'wx', 0o644);
  try {
    writeSync(descriptor, content);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(temporary, target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function removeIfUnchanged(path: string, expected: DatabaseLockHolder): void {
  const current = readHolder(path);
  if (current && current.pid === expected.pid && current.token === expected.token) {
    try {
      unlinkSync(path);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  }
}

/**
 * Takes over a stale lock: only the process that creates the guard file may remove the stale
 * lock, and it checks again, under the guard, that the lock is still the stale one it saw.
 */
function takeOverStaleLock(path: string, stale: DatabaseLockHolder, self: DatabaseLockHolder) {
  const guard = `${path}.takeover`;
  const guardHolder = readHolder(guard);
  if (guardHolder && isStale(guardHolder)) removeIfUnchanged(guard, guardHolder);
  if (!linkNewFile(guard, JSON.stringify(self))) return;
  try {
    removeIfUnchanged(path, stale);
  } finally {
    removeIfUnchanged(guard, self);
  }
}

function lockedError(options: { directory: string; holder: DatabaseLockHolder; path: string }) {
  const { holder, directory, path } = options;
  const same = holder.pid === process.pid && holder.hostname === hostname();
  const who = same
    ? 'this process already has it open'
    : `it is in use by process ${holder.pid} on ${holder.hostname} (${holder.command}, since ${holder.startedAt})`;
  return new AppError({
    code: 'storage_failure',
    message: `the embedded database folder is locked: ${who}`,
    where: directory,
    fix:
      `stop that process, or send the work to the running server (quarry serve) instead, ` +
      `or pass --db with another folder; if that process is certainly gone (e.g. it ran on ` +
      `another machine), delete ${path}`,
  });
}

/**
 * Takes the exclusive lock of an embedded database folder, or throws an AppError
 * (`storage_failure`) naming the holder. Never waits: a second process fails at once.
 */
export function acquireDatabaseFolderLock(
  options: AcquireDatabaseFolderLockOptions,
): DatabaseFolderLock {
  const directory = resolve(options.directory);
  const path = lockPathOf(directory);
  mkdirSync(dirname(path), { recursive: true });
  const holder: DatabaseLockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: options.command ?? process.argv.map((part) => basename(part)).join(' '),
    startedAt: (options.now ?? (() => new Date()))().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  // Three tries: a stale lock taken over by us, or by another process at the same moment.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (linkNewFile(path, JSON.stringify(holder))) {
      let held = true;
      const lock: DatabaseFolderLock = {
        path,
        holder,
        release() {
          if (!held) return;
          held = false;
          heldLocks.delete(lock);
          removeIfUnchanged(path, holder);
        },
      };
      heldLocks.add(lock);
      if (!exitListenerInstalled) {
        process.on('exit', releaseAllOnExit);
        exitListenerInstalled = true;
      }
      return lock;
    }
    const current = readHolder(path);
    if (current === null) continue;
    if (!isStale(current)) throw lockedError({ directory, holder: current, path });
    takeOverStaleLock(path, current, holder);
  }
  const current = readHolder(path);
  throw lockedError({
    directory,
    path,
    holder: current ?? { ...holder, pid: -1, command: '(unknown)' },
  });
}
