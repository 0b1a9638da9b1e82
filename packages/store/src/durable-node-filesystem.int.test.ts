/**
 * Embedded durability as PostgreSQL sees it: `full` runs with fsync on and the WAL synced by
 * fsync(2) (fdatasync is a no-op under emscripten), `relaxed` is PGlite's fsync-off default; both
 * keep committed data across a reopen.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteClient } from './pglite-client.js';

async function settingsOf(durability: 'full' | 'relaxed') {
  const directory = join(await mkdtemp(join(tmpdir(), `quarry-durability-`)), 'db');
  const client = await createPgliteClient({ dataDirectory: directory, durability });
  try {
    await client.exec('CREATE TABLE kept (id int)');
    await client.query('INSERT INTO kept VALUES (1)');
    const { rows } = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'wal_sync_method')
       ORDER BY name`,
    );
    return { directory, settings: Object.fromEntries(rows.map((row) => [row.name, row.setting])) };
  } finally {
    await client.close();
  }
}

describe('embedded durability', () => {
  it('full: fsync on, WAL synced with fsync; the data survives a reopen', async () => {
    const { directory, settings } = await settingsOf('full');
    expect(settings).toEqual({ fsync: 'on', wal_sync_method: 'fsync' });
    const reopened = await createPgliteClient({ dataDirectory: directory });
    try {
      expect((await reopened.query('SELECT id FROM kept')).rows).toEqual([{ id: 1 }]);
    } finally {
      await reopened.close();
    }
  });

  it("relaxed: PGlite's own fsync-off mode", async () => {
    expect((await settingsOf('relaxed')).settings).toMatchObject({ fsync: 'off' });
  });
});
