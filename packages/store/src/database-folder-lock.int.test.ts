/**
 * The embedded-folder lock on real files: one holder at a time, a message naming the holder, stale
 * locks of dead processes taken over, and release removing only the process's own lock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAppError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { acquireDatabaseFolderLock, lockPathOf } from './database-folder-lock.js';
import { createPgliteClient } from './pglite-client.js';

async function freshFolder(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'quarry-lock-')), 'db');
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('database folder lock', () => {
  it('lets one holder in and refuses a second at once, until released', async () => {
    const directory = await freshFolder();
    const lock = acquireDatabaseFolderLock({ directory, command: 'quarry serve' });
    const startedAt = performance.now();
    const error = thrown(() => acquireDatabaseFolderLock({ directory }));
    // Refuses rather than retrying until a timeout (the holder is this very process, so a lock
    // that waited would wait out its whole retry period); generous, so a busy machine cannot fail it.
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(isAppError(error) && error.code).toBe('storage_failure');
    expect(String(error)).toMatch(/locked: this process already has it open/);
    lock.release();
    lock.release();
    expect(existsSync(lockPathOf(directory))).toBe(false);
    acquireDatabaseFolderLock({ directory }).release();
  });

  it("names another live process's pid and command and says what to do", async () => {
    const directory = await freshFolder();
    const holder = {
      pid: process.ppid,
      hostname: hostname(),
      command: 'node quarry.js serve',
      startedAt: '2026-01-01T00:00:00.000Z',
      token: 'other',
    };
    await writeFile(lockPathOf(directory), JSON.stringify(holder));
    const error = thrown(() => acquireDatabaseFolderLock({ directory }));
    expect(String(error)).toContain(`process ${process.ppid} on ${hostname()}`);
    expect(String(error)).toContain('node quarry.js serve');
    expect(String(error)).toMatch(/stop that process.*quarry serve.*--db with another folder/);
  });

  it('takes over the stale lock of a dead process', async () => {
    const directory = await freshFolder();
    const stale = {
      pid: deadPid(),
      hostname: hostname(),
      command: 'killed',
      startedAt: '',
      token: 'x',
    };
    await writeFile(lockPathOf(directory), JSON.stringify(stale));
    const lock = acquireDatabaseFolderLock({ directory });
    const recorded: unknown = JSON.parse(await readFile(lockPathOf(directory), 'utf8'));
    expect(recorded).toMatchObject({ pid: process.pid, token: lock.holder.token });
    lock.release();
  });

  it('does not treat a lock from another host as stale', async () => {
    const directory = await freshFolder();
    const remote = {
      pid: deadPid(),
      hostname: 'elsewhere',
      command: 'quarry serve',
      startedAt: '',
      token: 'y',
    };
    await writeFile(lockPathOf(directory), JSON.stringify(remote));
    expect(String(thrown(() => acquireDatabaseFolderLock({ directory })))).toMatch(/on elsewhere/);
  });

  it('release leaves alone a lock that is no longer its own', async () => {
    const directory = await freshFolder();
    const lock = acquireDatabaseFolderLock({ directory });
    const other = { ...lock.holder, token: 'someone-else' };
    await writeFile(lockPathOf(directory), JSON.stringify(other));
    lock.release();
    expect(existsSync(lockPathOf(directory))).toBe(true);
  });

  it('guards PGlite: a second open of one folder fails, and close releases it', async () => {
    const directory = await freshFolder();
    const first = await createPgliteClient({ dataDirectory: directory });
    await expect(createPgliteClient({ dataDirectory: directory })).rejects.toThrow(/locked/);
    await first.close();
    const again = await createPgliteClient({ dataDirectory: directory });
    expect((await again.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await again.close();
    // In memory: no folder, no lock.
    const [a, b] = await Promise.all([createPgliteClient({}), createPgliteClient({})]);
    await Promise.all([a.close(), b.close()]);
  });
});
