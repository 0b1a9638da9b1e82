/**
 * @module `quarry bench faults`: kill -9 during uploads then an integrity check of the embedded
 * database, a PostgreSQL restart under load (`--postgres URL`), and a second process on a served
 * embedded folder; each on its own fresh database, each with its targets.
 */
import { AppError } from '@quarry/core';
import { faultKinds, runFaultBenchmark } from '@quarry/eval';
import type { FaultKind } from '@quarry/eval';
import type { Command } from '../command.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { repositoryRoot } from '../settings.js';
import {
  benchLog,
  printBenchReport,
  quarryBinary,
  wholeNumberOption,
} from './bench-server-options.js';

const usage =
  'quarry bench faults [--only kill,postgres,lock] [--kill-rounds 20] [--lock-rounds 100] [--postgres URL] [--restart-command CMD] [--pg-clients 10] [--pg-seconds 30] [--seed 1] [--keep] [--json]';

function isFaultKind(value: string): value is FaultKind {
  return (faultKinds as readonly string[]).includes(value);
}

export const benchFaultsCommand: Command = {
  usage,
  summary: 'fault tests: kill -9 mid-upload, PostgreSQL restart, a second process on one folder',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        only: { type: 'string' },
        'kill-rounds': { type: 'string' },
        'lock-rounds': { type: 'string' },
        postgres: { type: 'string' },
        'restart-command': { type: 'string' },
        'pg-clients': { type: 'string' },
        'pg-seconds': { type: 'string' },
        seed: { type: 'string' },
        keep: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
      },
    });
    const { io } = context;
    const kinds = (values.only ?? faultKinds.join(','))
      .split(',')
      .map((kind) => kind.trim())
      .filter((kind) => kind !== '');
    const unknown = kinds.filter((kind) => !isFaultKind(kind));
    if (unknown.length > 0)
      throw new AppError({
        code: 'invalid_input',
        message: `unknown fault ${unknown.join(', ')}`,
        fix: `--only takes ${faultKinds.join(', ')}`,
      });
    const result = await runFaultBenchmark({
      quarryBinary,
      kinds: kinds.filter(isFaultKind),
      killRounds: wholeNumberOption({
        value: values['kill-rounds'],
        name: 'kill-rounds',
        fallback: 20,
        minimum: 1,
        usage,
      }),
      lockRounds: wholeNumberOption({
        value: values['lock-rounds'],
        name: 'lock-rounds',
        fallback: 100,
        minimum: 1,
        usage,
      }),
      postgresUrl: values.postgres ?? null,
      restartCommand: values['restart-command'] ?? `bash ${repositoryRoot}.ci/postgres.sh restart`,
      postgresClients: wholeNumberOption({
        value: values['pg-clients'],
        name: 'pg-clients',
        fallback: 10,
        minimum: 1,
        usage,
      }),
      postgresSeconds: wholeNumberOption({
        value: values['pg-seconds'],
        name: 'pg-seconds',
        fallback: 30,
        minimum: 3,
        usage,
      }),
      seed: wholeNumberOption({ value: values.seed, name: 'seed', fallback: 1, usage }),
      environment: io.environment,
      keepWorkFolder: values.keep,
      log: benchLog(io, values.verbose),
    });
    const lines: string[] = [];
    if (result.kill) {
      const kill = result.kill;
      lines.push(
        `kill -9 during upload: ${kill.rounds.length} rounds (one whole upload ${kill.wholeUploadMs ?? 'n/a'} ms; ${kill.uploadsCompletedBeforeKill} finished before the kill); restarts ${kill.startFailure ?? 'all came up'}`,
        `  database: ${kill.integrity?.papers ?? 'n/a'} papers, ${kill.integrity?.frames ?? 'n/a'} frames, ${kill.integrity?.knownPapersStored ?? 'n/a'} uploaded papers stored; problems ${JSON.stringify(kill.integrity?.problems.slice(0, 5) ?? [])}; orphan vectors ${(kill.integrity?.orphanFrameVectors ?? 0) + (kill.integrity?.orphanQuestionVectors ?? 0)}, questions ${kill.integrity?.orphanQuestions ?? 0}, annotations ${kill.integrity?.orphanAnnotations ?? 0}${kill.integrity?.openError ? `; ${kill.integrity.openError}` : ''}`,
      );
    }
    if (result.postgres) {
      const pg = result.postgres;
      lines.push(
        `postgres restart at ${pg.restartStartedAtSeconds} s (command exit ${pg.restartExitCode}, done at ${pg.restartFinishedAtSeconds} s): recovery ${pg.recoverySeconds ?? 'never'} s; crashes ${pg.crashes}; outage statuses ${JSON.stringify(pg.outageStatuses)}; unexpected 5xx ${pg.unexpected5xx}${pg.crashDetail ? `\n  ${pg.crashDetail}` : ''}`,
      );
    } else if (result.postgresSkipped)
      lines.push(`postgres restart: skipped (${result.postgresSkipped})`);
    if (result.lock) {
      const lock = result.lock;
      lines.push(
        `second process: ${lock.refusedInTime}/${lock.rounds} refused in time; elapsed p50 ${lock.elapsedMs.p50} ms max ${lock.elapsedMs.max} ms; papers ${lock.papersBefore} -> ${lock.papersAfter} (server's view), ${lock.papersInFolderAfter ?? 'n/a'} in the folder after; database ${lock.integrity?.intact ? 'intact' : 'NOT intact'}`,
        ...lock.failures.map(
          (failure) =>
            `  round ${failure.round} ${failure.command}: exit ${failure.exitCode} in ${failure.elapsedMs} ms${failure.saysLocked ? '' : ', no lock message'}: ${failure.outputTail.trim().split('\n').slice(-1)[0] ?? ''}`,
        ),
      );
    }
    return printBenchReport({
      io,
      json: values.json,
      tables: lines,
      targets: result.targets,
      result,
    });
  },
};
