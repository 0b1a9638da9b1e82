/**
 * @module Fault (c): one process owns an embedded database folder. While `quarry serve` runs on a
 * folder, a second `quarry` process (`stats` and `doctor`, alternately; `ingest papers` is sent
 * through the running server instead, see apps/cli ingest-through-server) is started on the
 * same folder, again and again; each must exit non-zero within 1 s saying the folder is locked,
 * and the server must keep serving a database that is still intact.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSeededRandom } from '@quarry/core';
import { freshToken } from './benchmark-server.js';
import { checkDatabaseIntegrity } from './database-integrity.js';
import type { DatabaseIntegrityReport } from './database-integrity.js';
import { generatePaper } from './generated-paper.js';
import { summarizeLatencies } from './latency-summary.js';
import type { LatencySummary } from './latency-summary.js';
import { startQuarryServer, waitUntilReady } from './quarry-server-process.js';

export interface SecondProcessLockOptions {
  quarryBinary: string;
  database: string;
  rounds: number;
  environment: Record<string, string | undefined>;
  workFolder: string;
  /** Longest a second process may take (default 1 s). */
  limitMs?: number;
  log: (line: string) => void;
}

export interface SecondProcessRound {
  round: number;
  command: 'stats' | 'doctor';
  exitCode: number | null;
  elapsedMs: number;
  saysLocked: boolean;
  /** The end of what it printed (stdout and stderr). */
  outputTail: string;
}

export interface SecondProcessLockResult {
  rounds: number;
  /** Rounds where the second process exited non-zero, in time, with a lock message. */
  refusedInTime: number;
  failures: SecondProcessRound[];
  elapsedMs: LatencySummary;
  serverHealthyAfter: boolean;
  /** Papers the server reported before the rounds and after (its own view of the folder). */
  papersBefore: number | null;
  papersAfter: number | null;
  /** Papers in the folder once the server stopped, opened directly (a second writer shows here). */
  papersInFolderAfter: number | null;
  integrity: DatabaseIntegrityReport | null;
}

const lockMessage = /lock|in use|another (quarry )?process|already (open|running)|owned by/i;
const killAfterMs = 30_000;

function runSecondProcess(options: {
  quarryBinary: string;
  args: string[];
  environment: Record<string, string | undefined>;
}): Promise<{ exitCode: number | null; elapsedMs: number; output: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [options.quarryBinary, ...options.args], {
      env: options.environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // `doctor` reports on stdout, `stats` on stderr: the lock message may be on either.
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, elapsedMs: performance.now() - started, output });
    });
  });
}

async function papersOf(url: string, token: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/api/health`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return typeof body === 'object' &&
      body !== null &&
      'papers' in body &&
      typeof body.papers === 'number'
      ? body.papers
      : null;
  } catch {
    return null;
  }
}

export async function runSecondProcessLockFault(
  options: SecondProcessLockOptions,
): Promise<SecondProcessLockResult> {
  const { log } = options;
  const limitMs = options.limitMs ?? 1000;
  const token = freshToken();
  const paper = generatePaper({
    uniqueKey: `lock-${Date.now().toString(36)}`,
    random: createSeededRandom(7).nextFloat,
  });
  const paperFile = join(options.workFolder, paper.fileName);
  await writeFile(paperFile, paper.text);
  const server = await startQuarryServer({
    quarryBinary: options.quarryBinary,
    database: options.database,
    environment: { ...options.environment, QUARRY_API_TOKEN: token },
  });
  const rounds: SecondProcessRound[] = [];
  let serverHealthyAfter = false;
  let papersBefore: number | null = null;
  let papersAfter: number | null = null;
  try {
    await waitUntilReady({ url: server.url, token, timeoutMs: 120_000, waitForAnswers: false });
    papersBefore = await papersOf(server.url, token);
    for (let round = 1; round <= options.rounds; round += 1) {
      const command = round % 2 === 1 ? 'stats' : 'doctor';
      const args =
        command === 'stats'
          ? ['stats', '--db', options.database]
          : ['doctor', '--db', options.database];
      const result = await runSecondProcess({
        quarryBinary: options.quarryBinary,
        args,
        environment: options.environment,
      });
      rounds.push({
        round,
        command,
        exitCode: result.exitCode,
        elapsedMs: Math.round(result.elapsedMs),
        saysLocked: lockMessage.test(result.output),
        outputTail: result.output.slice(-400),
      });
      if (round % 10 === 0) log(`${round} second processes started`);
      if (server.exitStatus() !== null) {
        log(`the server exited during round ${round}`);
        break;
      }
    }
    papersAfter = await papersOf(server.url, token);
    serverHealthyAfter = papersAfter !== null;
  } finally {
    await server.stop();
  }
  const integrity = await checkDatabaseIntegrity({ location: options.database });
  const refused = (round: SecondProcessRound) =>
    round.exitCode !== null &&
    round.exitCode !== 0 &&
    round.elapsedMs <= limitMs &&
    round.saysLocked;
  return {
    rounds: rounds.length,
    refusedInTime: rounds.filter(refused).length,
    failures: rounds.filter((round) => !refused(round)).slice(0, 5),
    elapsedMs: summarizeLatencies(rounds.map((round) => round.elapsedMs)),
    serverHealthyAfter,
    papersBefore,
    papersAfter,
    papersInFolderAfter: integrity.opened ? integrity.papers : null,
    integrity,
  };
}
