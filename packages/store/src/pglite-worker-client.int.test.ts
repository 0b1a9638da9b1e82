/**
 * The embedded database on its worker thread: the event loop keeps turning while PostgreSQL works,
 * errors keep PostgreSQL's fields, the folder lock is held, and a closed client refuses statements
 * with a storage error. (The whole storage contract also runs on it: store-contract.int.test.ts.)
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteClient } from './pglite-client.js';
import { createPgliteWorkerClient } from './pglite-worker-client.js';
import type { SqlClient } from './sql-client.js';

/** A statement that keeps PostgreSQL busy for a while (a large generate_series aggregate). */
const busyStatement =
  'SELECT count(*)::int AS n FROM generate_series(1, 3000000) g WHERE g % 7 = 0';

/** How many 5 ms timer ticks happen while `work` runs. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

const opened: SqlClient[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

describe('PGlite on a worker thread', () => {
  it('leaves the event loop free while a statement runs (the in-thread client blocks it)', async () => {
    const inWorker = await createPgliteWorkerClient({});
    const inThread = await createPgliteClient({});
    opened.push(inWorker, inThread);
    const workerTicks = await ticksDuring(() => inWorker.query(busyStatement));
    const threadTicks = await ticksDuring(() => inThread.query(busyStatement));
    expect(threadTicks).toBeLessThanOrEqual(1);
    expect(workerTicks).toBeGreaterThan(threadTicks + 3);
    expect((await inWorker.query<{ n: number }>(busyStatement)).rows[0]?.n).toBe(428571);
  });

  it("keeps PostgreSQL's error fields and rolls back a failed transaction", async () => {
    const client = await createPgliteWorkerClient({});
    opened.push(client);
    await client.exec('CREATE TABLE t (id int PRIMARY KEY, v text)');
    await client.query('INSERT INTO t VALUES (1, $1)', ['one']);
    const duplicate = await client
      .query('INSERT INTO t VALUES (1, $1)', ['again'])
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505' });
    expect((duplicate as Error).message).toMatch(/unique/);
    await expect(
      client.transaction(async (transaction) => {
        await transaction.query('INSERT INTO t VALUES (2, $1)', ['two']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const committed = await client.transaction(async (transaction) => {
      await transaction.query('INSERT INTO t VALUES (3, $1)', ['three']);
      return (await transaction.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]
        ?.n;
    });
    expect(committed).toBe(2);
    const rows = await client.query<{ id: number; v: string }>('SELECT id, v FROM t ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 1, v: 'one' },
      { id: 3, v: 'three' },
    ]);
  });

  it('holds the folder lock, and refuses statements once closed', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'quarry-pglite-worker-')), 'db');
    const client = await createPgliteWorkerClient({ dataDirectory: folder, durability: 'relaxed' });
    const second = createPgliteClient({ dataDirectory: folder });
    await expect(second).rejects.toMatchObject({ code: 'storage_failure' });
    await expect(second).rejects.toThrow('locked: this process already has it open');
    await client.exec('CREATE TABLE kept (id int)');
    await client.query('INSERT INTO kept VALUES (7)');
    await client.close();
    await expect(client.query('SELECT 1')).rejects.toMatchObject({ code: 'storage_failure' });
    const reopened = await createPgliteWorkerClient({ dataDirectory: folder });
    opened.push(reopened);
    expect((await reopened.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
  });
});
