/**
 * @module `quarry bench faults`: the three fault benchmarks in turn (kill -9 mid-upload rounds on
 * an embedded folder; a PostgreSQL restart under load, when a postgres:// URL is given; a second
 * process on a served embedded folder) and the targets each must meet.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atMost, isTrue } from './benchmark-target.js';
import type { TargetCheck } from './benchmark-target.js';
import { runKillDuringUploadFault } from './kill-during-upload-fault.js';
import type { KillDuringUploadResult } from './kill-during-upload-fault.js';
import { runPostgresRestartFault } from './postgres-restart-fault.js';
import type { PostgresRestartResult } from './postgres-restart-fault.js';
import { runSecondProcessLockFault } from './second-process-lock-fault.js';
import type { SecondProcessLockResult } from './second-process-lock-fault.js';

export const faultKinds = ['kill', 'postgres', 'lock'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultBenchmarkOptions {
  quarryBinary: string;
  /** The faults to run (default all; `postgres` needs `postgresUrl`). */
  kinds: readonly FaultKind[];
  /** Fault (a) rounds and fault (c) second processes, each on a fresh embedded folder. */
  killRounds: number;
  lockRounds: number;
  postgresUrl: string | null;
  restartCommand: string;
  postgresClients: number;
  postgresSeconds: number;
  seed: number;
  environment: Record<string, string | undefined>;
  /** Keep the work folder (databases and generated papers) for a look afterwards. */
  keepWorkFolder?: boolean;
  /**
   * Longest a refused second process may take (default 1000 ms, the benchmark's target). CI's
   * test passes a hang guard instead: its machine's load is not what it checks.
   */
  lockLimitMs?: number;
  log: (line: string) => void;
}

export interface FaultBenchmarkResult {
  mode: 'faults';
  seed: number;
  workFolder: string | null;
  kill: KillDuringUploadResult | null;
  postgres: PostgresRestartResult | null;
  /** Why the PostgreSQL restart was not run, when it was not. */
  postgresSkipped: string | null;
  lock: SecondProcessLockResult | null;
  targets: TargetCheck[];
}

export async function runFaultBenchmark(
  options: FaultBenchmarkOptions,
): Promise<FaultBenchmarkResult> {
  const workFolder = await mkdtemp(join(tmpdir(), 'quarry-bench-faults-'));
  const targets: TargetCheck[] = [];
  let kill: KillDuringUploadResult | null = null;
  let postgres: PostgresRestartResult | null = null;
  let postgresSkipped: string | null = null;
  let lock: SecondProcessLockResult | null = null;
  try {
    if (options.kinds.includes('kill')) {
      options.log(`fault (a): ${options.killRounds} rounds of kill -9 during an upload`);
      kill = await runKillDuringUploadFault({
        quarryBinary: options.quarryBinary,
        database: join(workFolder, 'kill-db'),
        rounds: options.killRounds,
        seed: options.seed,
        environment: options.environment,
        workFolder: join(workFolder, 'kill-papers'),
        log: options.log,
      });
      targets.push(
        isTrue({ name: 'kill -9: every restart came up', measured: kill.startFailure === null }),
        atMost({
          name: 'kill -9: rounds run',
          measured: options.killRounds - kill.rounds.length,
          limit: 0,
          unit: 'missing',
        }),
        isTrue({
          name: 'kill -9: every paper whole or absent, nothing orphaned',
          measured: kill.integrity?.intact ?? false,
        }),
      );
    }
    if (options.kinds.includes('postgres')) {
      if (options.postgresUrl === null) postgresSkipped = 'no --postgres URL given';
      else {
        options.log('fault (b): PostgreSQL restart under load');
        postgres = await runPostgresRestartFault({
          quarryBinary: options.quarryBinary,
          postgresUrl: options.postgresUrl,
          restartCommand: options.restartCommand,
          clients: options.postgresClients,
          durationSeconds: options.postgresSeconds,
          restartAtSeconds: Math.min(10, options.postgresSeconds / 3),
          seed: options.seed,
          environment: options.environment,
          log: options.log,
        });
        targets.push(
          isTrue({
            name: 'postgres restart: command succeeded',
            measured: postgres.restartExitCode === 0,
          }),
          atMost({
            name: 'postgres restart: server crashes',
            measured: postgres.crashes,
            limit: 0,
          }),
          atMost({
            name: 'postgres restart: unexpected 5xx',
            measured: postgres.unexpected5xx,
            limit: 0,
          }),
          atMost({
            name: 'postgres restart: time to recovery',
            measured: postgres.recoverySeconds,
            limit: 5,
            unit: 's',
          }),
        );
      }
    }
    if (options.kinds.includes('lock')) {
      options.log(`fault (c): ${options.lockRounds} second processes on a served folder`);
      lock = await runSecondProcessLockFault({
        quarryBinary: options.quarryBinary,
        database: join(workFolder, 'lock-db'),
        rounds: options.lockRounds,
        environment: options.environment,
        workFolder,
        log: options.log,
        limitMs: options.lockLimitMs ?? 1000,
      });
      targets.push(
        atMost({
          name: `second process: not refused (non-zero, lock message, <= ${options.lockLimitMs ?? 1000} ms)`,
          measured: lock.rounds - lock.refusedInTime + (options.lockRounds - lock.rounds),
          limit: 0,
        }),
        isTrue({ name: 'second process: server still serving', measured: lock.serverHealthyAfter }),
        isTrue({
          name: 'second process: nothing ingested behind the server',
          measured:
            lock.papersBefore !== null &&
            lock.papersBefore === lock.papersAfter &&
            lock.papersBefore === lock.papersInFolderAfter,
        }),
        isTrue({
          name: 'second process: database intact',
          measured: lock.integrity?.intact ?? false,
        }),
      );
    }
  } finally {
    if (!options.keepWorkFolder) await rm(workFolder, { recursive: true, force: true });
  }
  return {
    mode: 'faults',
    seed: options.seed,
    workFolder: options.keepWorkFolder ? workFolder : null,
    kill,
    postgres,
    postgresSkipped,
    lock,
    targets,
  };
}
