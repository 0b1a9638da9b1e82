/**
 * @module Where an unfinished pull stands: one small JSON file per (database, source, request) in
 * the pull folder, written atomically (a temporary file renamed over the old one) after every
 * stored page or paper. A pull that finishes removes its checkpoint, so a later run of the same
 * request starts from the beginning again (and stores nothing new: every record is unchanged);
 * a pull that was interrupted finds its checkpoint and continues after the last stored position.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '@quarry/core';

export interface PullCheckpointFile<State> {
  /** The state saved last, or null when the pull starts afresh. */
  load(): Promise<State | null>;
  save(state: State): Promise<void>;
  /** Removes the checkpoint: the pull is complete. */
  clear(): Promise<void>;
  readonly path: string;
}

/** The key of a pull: the database it writes to, the source and the request. */
export interface PullCheckpointKey {
  database: string;
  source: string;
  request: string;
}

interface CheckpointEnvelope<State> {
  source: string;
  request: string;
  database: string;
  savedAt: string;
  state: State;
}

function fileNameOf(key: PullCheckpointKey): string {
  const hash = createHash('sha256')
    .update(`${key.database}\u0000${key.source}\u0000${key.request}`)
    .digest('hex')
    .slice(0, 16);
  return `${key.source}-${hash}.json`;
}

/** A database's identity for checkpoints: a folder's absolute path, or the URL as given. */
export function databaseIdentity(location: string): string {
  return /^postgres(?:ql)?:\/\//.test(location) ? location : resolve(location);
}

export function pullCheckpointFile<State>(options: {
  folder: string;
  key: PullCheckpointKey;
  now?: () => Date;
}): PullCheckpointFile<State> {
  const folder = resolve(options.folder, 'checkpoints');
  const path = join(folder, fileNameOf(options.key));
  const now = options.now ?? (() => new Date());
  return {
    path,
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const envelope = JSON.parse(text) as CheckpointEnvelope<State>;
        return envelope.state;
      } catch (error) {
        throw new AppError({
          code: 'invalid_input',
          message: 'the checkpoint of an interrupted pull is not valid JSON',
          where: path,
          fix: `delete ${path} to start this pull from the beginning`,
          cause: error,
        });
      }
    },
    async save(state) {
      await mkdir(folder, { recursive: true });
      const envelope: CheckpointEnvelope<State> = {
        ...options.key,
        savedAt: now().toISOString(),
        state,
      };
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(envelope)}\n`);
      await rename(temporary, path);
    },
    async clear() {
      await rm(path, { force: true });
    },
  };
}
