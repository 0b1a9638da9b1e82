/**
 * @module Durable PGlite storage on Node: PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and
 * its NODEFS mount has no fsync at all (emscripten's fd_sync calls `stream_ops.fsync`, which NODEFS
 * lacks, and fdatasync is a no-op), so a committed transaction is only in the OS page cache and a
 * machine crash or power loss can lose it or tear the folder. This module gives NODEFS a real
 * fsync(2) and the start parameters that make PostgreSQL call it (fsync on, wal_sync_method=fsync
 * because fdatasync never reaches the disk), and syncs the files PGlite writes outside PostgreSQL
 * (the initdb copy, a restored archive).
 */
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** `full`: every commit is fsynced (default). `relaxed`: PGlite's own default, fsync off. */
export type EmbeddedDurability = 'full' | 'relaxed';

export const embeddedDurabilities = ['full', 'relaxed'] as const satisfies EmbeddedDurability[];

/** WASI errno EIO: returned to PostgreSQL, which then stops rather than run on unsynced data. */
const wasiInputOutputError = 29;

interface NodeStream {
  nfd?: number;
}

interface EmscriptenFilesystems {
  filesystems: { NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } } };
}

/** A NodeFS whose fsync reaches the disk. */
type EmscriptenModule = Parameters<NodeFS['init']>[1];

class FsyncingNodeFilesystem extends NodeFS {
  override async init(pg: PGlite, options: EmscriptenModule) {
    const initialized = await super.init(pg, options);
    const preRun = initialized.emscriptenOpts.preRun ?? [];
    initialized.emscriptenOpts.preRun = [
      ...preRun,
      (module: EmscriptenModule) => {
        const { filesystems } = module.FS as unknown as EmscriptenFilesystems;
        filesystems.NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd === undefined) return 0;
          try {
            fsyncSync(stream.nfd);
            return 0;
          } catch {
            return wasiInputOutputError;
          }
        };
      },
    ];
    return initialized;
  }
}

/** PGlite's start parameters without `-F`, syncing the WAL with fsync(2). */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

/** The PGlite options that store `directory` with the given durability. */
export function embeddedStorageOptions(options: {
  directory: string;
  durability: EmbeddedDurability;
}): { fs: NodeFS; startParams?: string[] } | { dataDir: string } {
  if (options.durability === 'relaxed') return { dataDir: options.directory };
  return { fs: new FsyncingNodeFilesystem(options.directory), startParams: durableStartParams() };
}

/** fsyncs every file and folder under `directory` (after PGlite wrote files PostgreSQL did not). */
export function syncDirectoryTree(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) syncDirectoryTree(path);
    else if (entry.isFile()) syncPath(path);
  }
  syncPath(directory);
}

/** fsyncs one file or folder (a folder: so that renames and new entries in it are durable). */
export function syncPath(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
