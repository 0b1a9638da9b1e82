/**
 * PostgreSQL going away under a live pool: a server restart in the middle of a transaction and of
 * queries does not crash the process, the failures while it is down are AppError
 * `storage_failure`, and the pool answers again within 5 s of the server's return. The test
 * restarts a private server (the CI script on its own port and folder), because restarting the
 * shared QUARRY_TEST_POSTGRES_URL server would break the suites running beside this one; like
 * them it runs whenever QUARRY_TEST_POSTGRES_URL says PostgreSQL is installed, and in CI it must.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { isAppError } from '@quarry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresClient } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';
import { postgresRequired, postgresTestUrl } from './test-support/test-databases.js';

const run = promisify(execFile);
const script = resolve(import.meta.dirname, '../../../.ci/postgres.sh');
const privateServer = {
  QUARRY_TEST_PG_PORT: String(55_500 + (process.pid % 400)),
  QUARRY_TEST_PG_ROOT: join(tmpdir(), `quarry-restart-${randomBytes(4).toString('hex')}`),
};

async function postgresScript(command: 'start' | 'restart' | 'stop'): Promise<string> {
  const { stdout } = await run('bash', [script, command], {
    env: { ...process.env, ...privateServer },
  });
  return stdout.trim();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe.runIf(postgresTestUrl !== undefined)('PostgreSQL faults', () => {
  let url: string;
  let client: SqlClient;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    url = await postgresScript('start');
    client = await createPostgresClient({
      connectionString: url,
      maxConnections: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 10_000,
    });
    await client.exec('CREATE TABLE fault_rows (id int PRIMARY KEY)');
    process.on('uncaughtException', recordUncaught);
  });

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    await client?.close();
    await postgresScript('stop');
  });

  it('survives a restart mid-transaction and answers within 5 s of the return', async () => {
    // Every pooled connection is in use or idle when the server goes: a transaction waiting on
    // the server, a long query, and idle connections.
    const inTransaction = client
      .transaction(async (transaction) => {
        await transaction.query('INSERT INTO fault_rows VALUES (1)');
        await transaction.query('SELECT pg_sleep(30)');
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const longQuery = client.query('SELECT pg_sleep(30)').then(
      () => null,
      (error: unknown) => error,
    );
    await Promise.all([client.query('SELECT 1'), client.query('SELECT 1')]);
    await sleep(200);

    const restart = postgresScript('restart');
    let restarted = false;
    void restart.then(() => {
      restarted = true;
    });
    const outageErrors: unknown[] = [];
    while (!restarted) {
      await client.query('SELECT 1').catch((error: unknown) => outageErrors.push(error));
      await sleep(50);
    }
    await restart;
    const backAt = performance.now();
    let recoveredAfterMs: number | null = null;
    while (performance.now() - backAt < 5000) {
      try {
        await client.query('SELECT 1');
        recoveredAfterMs = performance.now() - backAt;
        break;
      } catch (error) {
        outageErrors.push(error);
        await sleep(50);
      }
    }

    expect(recoveredAfterMs, 'a query succeeds within 5 s').not.toBeNull();
    const failures = [await inTransaction, await longQuery, ...outageErrors];
    expect(failures[0], 'the transaction fails').not.toBeNull();
    expect(failures[1], 'the long query fails').not.toBeNull();
    for (const failure of failures) {
      expect(isAppError(failure) && failure.code, String(failure)).toBe('storage_failure');
    }
    expect(uncaught).toEqual([]);
    // The interrupted transaction was rolled back; new transactions work on fresh connections.
    await client.transaction(async (transaction) => {
      await transaction.query('INSERT INTO fault_rows VALUES (2)');
    });
    const { rows } = await client.query<{ id: number }>('SELECT id FROM fault_rows ORDER BY id');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('bounds a statement by the statement timeout and a pool wait by the connect timeout', async () => {
    const strict = await createPostgresClient({
      connectionString: url,
      maxConnections: 1,
      connectTimeoutMs: 300,
      statementTimeoutMs: 200,
    });
    try {
      const timedOut = await strict.query('SELECT pg_sleep(2)').catch((error: unknown) => error);
      expect(isAppError(timedOut) && timedOut.code).toBe('storage_failure');
      expect(String(timedOut)).toMatch(/statement ran past its timeout/);
      let release = () => undefined as void;
      const held = strict.transaction(
        () => new Promise<void>((resolve) => (release = () => resolve())),
      );
      await sleep(50);
      const startedAt = performance.now();
      await expect(strict.query('SELECT 1')).rejects.toMatchObject({ code: 'storage_failure' });
      expect(performance.now() - startedAt).toBeLessThan(2000);
      release();
      await held;
      expect((await strict.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await strict.close();
    }
  });
});
