/**
 * @module Fault (b): PostgreSQL restarts under load. `quarry serve` runs on a postgres:// URL while
 * virtual clients read (search, suggestions, pages) and a probe asks for a database-backed route
 * every 100 ms; part-way through, the restart command runs (by default `bash .ci/postgres.sh
 * restart`). Counted: server crashes (must be none), 503s while the database is away (expected),
 * any other 5xx or a 503 outside the outage (unexpected), and the time from the database being
 * back to the first good answer (target: 5 s or less).
 */
import { spawn } from 'node:child_process';
import { createSeededRandom } from '@quarry/core';
import { freshToken } from './benchmark-server.js';
import { pickLoadClass, readingRequest } from './load-request-mix.js';
import type { LoadMixContext } from './load-request-mix.js';
import { reportOutcomes } from './outcome-report.js';
import type { OutcomeReport } from './outcome-report.js';
import { startQuarryServer, waitUntilReady } from './quarry-server-process.js';
import { discoverServerContent } from './server-content.js';
import { createVirtualClient } from './virtual-client.js';
import type { RequestOutcome } from './virtual-client.js';

export interface PostgresRestartOptions {
  quarryBinary: string;
  postgresUrl: string;
  /** A shell command that restarts the PostgreSQL server behind `postgresUrl`. */
  restartCommand: string;
  clients: number;
  durationSeconds: number;
  /** Seconds into the run when the restart command starts. */
  restartAtSeconds: number;
  seed: number;
  environment: Record<string, string | undefined>;
  log: (line: string) => void;
}

export interface PostgresRestartResult {
  restartCommand: string;
  restartExitCode: number | null;
  /** Seconds into the run: restart command started and finished. */
  restartStartedAtSeconds: number;
  restartFinishedAtSeconds: number;
  /** Seconds from the restart command finishing to the first good database-backed answer. */
  recoverySeconds: number | null;
  /** The server process exited during the run. */
  crashes: number;
  crashDetail: string | null;
  /** Responses inside the outage window, by status. */
  outageStatuses: Record<string, number>;
  expected503: number;
  /** 5xx other than a 503 inside the outage, and any 5xx outside it. */
  unexpected5xx: number;
  outcomes: OutcomeReport;
}

const outageTailSeconds = 0.5;

function runShell(command: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
}

export async function runPostgresRestartFault(
  options: PostgresRestartOptions,
): Promise<PostgresRestartResult> {
  const { log } = options;
  const token = freshToken();
  const server = await startQuarryServer({
    quarryBinary: options.quarryBinary,
    database: options.postgresUrl,
    // The light load measures the outage, not the per-client rate limiter.
    environment: {
      ...options.environment,
      QUARRY_API_TOKEN: token,
      QUARRY_RATE_LIMIT_PER_MINUTE: '1000000',
      QUARRY_CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    onStderrLine: (line) => log(`server: ${line}`),
  });
  try {
    await waitUntilReady({ url: server.url, token, timeoutMs: 180_000, waitForAnswers: true });
    const content = await discoverServerContent({ url: server.url, token });
    const startedAt = performance.now();
    const secondsNow = () => (performance.now() - startedAt) / 1000;
    const deadline = startedAt + options.durationSeconds * 1000;
    const outcomes: RequestOutcome[] = [];
    const probes: { atSeconds: number; ok: boolean }[] = [];

    const clientLoops = Array.from({ length: options.clients }, async (_, number) => {
      const random = createSeededRandom(options.seed * 1_000 + number).nextFloat;
      const context: LoadMixContext = { random, ...content, runKey: `pg-${number}` };
      const client = createVirtualClient({ baseUrl: server.url, token, startedAt });
      while (performance.now() < deadline && server.exitStatus() === null) {
        const requestClass = pickLoadClass(random, {
          search: 0.5,
          suggest: 0.2,
          pages: 0.3,
          chat: 0,
          upload: 0,
        });
        const readingClass =
          requestClass === 'suggest' || requestClass === 'pages' ? requestClass : 'search';
        outcomes.push(
          await client.send({ ...readingRequest(context, readingClass), timeoutMs: 15_000 }),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const probeLoop = (async () => {
      const client = createVirtualClient({ baseUrl: server.url, token, startedAt });
      while (performance.now() < deadline && server.exitStatus() === null) {
        const outcome = await client.send({
          route: 'GET /api/papers (probe)',
          requestClass: 'probe',
          method: 'GET',
          path: '/api/papers?limit=1',
          timeoutMs: 5_000,
        });
        probes.push({
          atSeconds: (outcome.startedAtMs + outcome.latencyMs) / 1000,
          ok: outcome.status === 200,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, options.restartAtSeconds * 1000));
    const restartStartedAtSeconds = secondsNow();
    log(`restarting PostgreSQL: ${options.restartCommand}`);
    const restartExitCode = await runShell(options.restartCommand);
    const restartFinishedAtSeconds = secondsNow();
    log(
      `restart command exited ${restartExitCode} after ${(restartFinishedAtSeconds - restartStartedAtSeconds).toFixed(1)} s`,
    );
    await Promise.all([...clientLoops, probeLoop]);

    const recovered = probes.find(
      (probe) => probe.ok && probe.atSeconds >= restartFinishedAtSeconds,
    );
    const recoverySeconds = recovered
      ? Math.round(Math.max(0, recovered.atSeconds - restartFinishedAtSeconds) * 100) / 100
      : null;
    const outageEnd = (recovered?.atSeconds ?? Number.POSITIVE_INFINITY) + outageTailSeconds;
    const inOutage = (outcome: RequestOutcome) => {
      const endSeconds = (outcome.startedAtMs + outcome.latencyMs) / 1000;
      return endSeconds >= restartStartedAtSeconds && outcome.startedAtMs / 1000 <= outageEnd;
    };
    const outageStatuses: Record<string, number> = {};
    let expected503 = 0;
    let unexpected5xx = 0;
    for (const outcome of outcomes) {
      const during = inOutage(outcome);
      if (during) {
        const key = outcome.status === 0 ? 'none' : String(outcome.status);
        outageStatuses[key] = (outageStatuses[key] ?? 0) + 1;
      }
      if (outcome.status === 503 && during) expected503 += 1;
      else if (outcome.status >= 500) unexpected5xx += 1;
    }
    const exit = server.exitStatus();
    return {
      restartCommand: options.restartCommand,
      restartExitCode,
      restartStartedAtSeconds: Math.round(restartStartedAtSeconds * 100) / 100,
      restartFinishedAtSeconds: Math.round(restartFinishedAtSeconds * 100) / 100,
      recoverySeconds,
      crashes: exit === null ? 0 : 1,
      crashDetail:
        exit === null
          ? null
          : `exited with code ${exit.code}, signal ${exit.signal}: ${server.stderrTail().slice(-1500)}`,
      outageStatuses,
      expected503,
      unexpected5xx,
      outcomes: reportOutcomes(outcomes),
    };
  } finally {
    await server.stop();
  }
}
