/**
 * The fault benchmarks at CI scale: 3 rounds of kill -9 during an upload (then every paper whole
 * or absent), 5 second processes on a served embedded folder (each refused; the benchmark's 1 s
 * target is `quarry bench faults`'s, here a 30 s hang guard), and, on a
 * private PostgreSQL started for this test with .ci/postgres.sh, a restart under load (no crash,
 * no unexpected 5xx, recovery within 5 s). PostgreSQL needs root and PostgreSQL 15; without them
 * that part skips locally and fails in CI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedTargets } from './benchmark-target.js';
import { runFaultBenchmark } from './run-fault-benchmark.js';
import {
  missingPrerequisite,
  quarryBinary,
  repositoryRoot,
  requirePrerequisite,
  testEnvironment,
} from './test-support/tiny-database.js';

const runnable = requirePrerequisite(missingPrerequisite());
const postgresScript = join(repositoryRoot, '.ci/postgres.sh');
/** A private server: the shared CI one must not be restarted under the other tests. */
const postgresEnvironment = {
  ...process.env,
  QUARRY_TEST_PG_PORT: '55439',
  QUARRY_TEST_PG_ROOT: '/tmp/quarry-bench-faults-postgres',
};

function postgresMissing(): string | null {
  if (process.getuid?.() !== 0)
    return 'the PostgreSQL fault needs root (.ci/postgres.sh runs su postgres)';
  if (!existsSync('/usr/lib/postgresql/15/bin/pg_ctl')) return 'PostgreSQL 15 is not installed';
  return null;
}

describe.runIf(runnable)('quarry bench faults (CI scale)', () => {
  it(
    'kill -9 during uploads leaves every paper whole or absent',
    // A hang guard: three server starts with both encoders took 113 s on an idle 2-core machine.
    { timeout: 300_000 },
    async () => {
      const result = await runFaultBenchmark({
        quarryBinary,
        kinds: ['kill'],
        killRounds: 3,
        lockRounds: 0,
        postgresUrl: null,
        restartCommand: '',
        postgresClients: 0,
        postgresSeconds: 0,
        seed: 1,
        environment: testEnvironment(),
        log: () => undefined,
      });
      expect(result.kill?.rounds.length).toBe(3);
      expect(missedTargets(result.targets)).toEqual([]);
    },
  );

  // The 1 s target is `quarry bench faults`'s; here the refusal is checked, with a hang guard.
  it('refuses a second process on a served folder', { timeout: 150_000 }, async () => {
    const result = await runFaultBenchmark({
      quarryBinary,
      kinds: ['lock'],
      killRounds: 0,
      lockRounds: 5,
      lockLimitMs: 30_000,
      postgresUrl: null,
      restartCommand: '',
      postgresClients: 0,
      postgresSeconds: 0,
      seed: 1,
      environment: testEnvironment(),
      log: () => undefined,
    });
    expect(result.lock?.rounds).toBe(5);
    expect(missedTargets(result.targets)).toEqual([]);
  });

  describe.runIf(requirePrerequisite(postgresMissing()))('on PostgreSQL', () => {
    let postgresUrl = '';
    beforeAll(() => {
      const started = spawnSync('bash', [postgresScript, 'start'], {
        env: postgresEnvironment,
        encoding: 'utf8',
      });
      if (started.status !== 0) throw new Error(`postgres did not start: ${started.stderr}`);
      postgresUrl = started.stdout.trim();
    });
    afterAll(() => {
      spawnSync('bash', [postgresScript, 'stop'], { env: postgresEnvironment });
    });

    it('survives a PostgreSQL restart under load', { timeout: 150_000 }, async () => {
      const result = await runFaultBenchmark({
        quarryBinary,
        kinds: ['postgres'],
        killRounds: 0,
        lockRounds: 0,
        postgresUrl,
        restartCommand: `QUARRY_TEST_PG_PORT=${postgresEnvironment.QUARRY_TEST_PG_PORT} QUARRY_TEST_PG_ROOT=${postgresEnvironment.QUARRY_TEST_PG_ROOT} bash ${postgresScript} restart`,
        postgresClients: 4,
        postgresSeconds: 12,
        seed: 1,
        environment: testEnvironment(),
        log: () => undefined,
      });
      expect(result.postgres?.restartExitCode).toBe(0);
      expect(missedTargets(result.targets)).toEqual([]);
    });
  });
});
