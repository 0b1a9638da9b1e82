/**
 * @module Fault (a): `kill -9` in the middle of an upload, over and over. Each round starts `quarry
 * serve` on one embedded folder, sends an upload of a generated paper, kills the server with
 * SIGKILL after a seeded random delay (spread over how long a whole upload takes), and starts it
 * again in the next round. At the end the database is opened directly and every paper must be
 * whole (as many frames as the file has sentences) or absent, with nothing orphaned.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSeededRandom } from '@quarry/core';
import { checkDatabaseIntegrity } from './database-integrity.js';
import type { DatabaseIntegrityReport } from './database-integrity.js';
import { generatePaper, paperUploadForm } from './generated-paper.js';
import type { GeneratedPaper } from './generated-paper.js';
import { startQuarryServer, waitUntilReady } from './quarry-server-process.js';
import type { QuarryServerProcess } from './quarry-server-process.js';
import { freshToken } from './benchmark-server.js';
import { createVirtualClient } from './virtual-client.js';

export interface KillDuringUploadOptions {
  quarryBinary: string;
  /** The embedded database folder (created on the first start when missing). */
  database: string;
  rounds: number;
  seed: number;
  environment: Record<string, string | undefined>;
  /** Where the generated paper files are kept (the integrity check parses them again). */
  workFolder: string;
  /** Sentences per generated paper section, 25 sections (default 20: about 500 sentences). */
  sentencesPerSection?: number;
  log: (line: string) => void;
}

export interface KillRound {
  round: number;
  /** Milliseconds from sending the upload to SIGKILL. */
  killAfterMs: number;
  /** The upload's status (0: cut off by the kill). */
  uploadStatus: number;
  /** Milliseconds from spawning the server until it answered (and its frame index loaded). */
  startMs: number;
}

export interface KillDuringUploadResult {
  rounds: KillRound[];
  /** How long one whole upload took before the rounds (the kill delays spread over it). */
  wholeUploadMs: number | null;
  uploadsCompletedBeforeKill: number;
  /** A start that failed (the database no longer opened, or the server exited). */
  startFailure: string | null;
  integrity: DatabaseIntegrityReport | null;
}

async function startReadyServer(
  options: KillDuringUploadOptions,
  token: string,
): Promise<{ server: QuarryServerProcess; startMs: number }> {
  const started = performance.now();
  const server = await startQuarryServer({
    quarryBinary: options.quarryBinary,
    database: options.database,
    environment: { ...options.environment, QUARRY_API_TOKEN: token },
  });
  try {
    await waitUntilReady({ url: server.url, token, timeoutMs: 120_000, waitForAnswers: true });
  } catch (error) {
    await server.stop({ signal: 'SIGKILL' });
    throw error;
  }
  return { server, startMs: performance.now() - started };
}

export async function runKillDuringUploadFault(
  options: KillDuringUploadOptions,
): Promise<KillDuringUploadResult> {
  const { log } = options;
  const random = createSeededRandom(options.seed).nextFloat;
  const token = freshToken();
  const runKey = `${options.seed}-${Date.now().toString(36)}`;
  await mkdir(options.workFolder, { recursive: true });
  const sourceFiles: string[] = [];
  const makePaper = async (key: string): Promise<GeneratedPaper> => {
    const paper = generatePaper({
      uniqueKey: key,
      random,
      sections: 25,
      sentencesPerSection: options.sentencesPerSection ?? 20,
    });
    const path = join(options.workFolder, paper.fileName);
    await writeFile(path, paper.text);
    sourceFiles.push(path);
    return paper;
  };
  const rounds: KillRound[] = [];
  let startFailure: string | null = null;
  let wholeUploadMs: number | null = null;

  try {
    const { server } = await startReadyServer(options, token);
    const client = createVirtualClient({
      baseUrl: server.url,
      token,
      startedAt: performance.now(),
    });
    const paper = await makePaper(`${runKey}-whole`);
    const outcome = await client.send({
      route: 'POST /api/papers',
      requestClass: 'upload',
      method: 'POST',
      path: '/api/papers',
      body: paperUploadForm(paper),
      timeoutMs: 120_000,
    });
    wholeUploadMs = Math.round(outcome.latencyMs);
    log(`one whole upload: status ${outcome.status} in ${wholeUploadMs} ms`);
    await server.stop();
  } catch (error) {
    startFailure = error instanceof Error ? error.message : String(error);
  }

  for (let round = 1; round <= options.rounds && startFailure === null; round += 1) {
    let started;
    try {
      started = await startReadyServer(options, token);
    } catch (error) {
      startFailure = `round ${round}: ${error instanceof Error ? error.message : String(error)}`;
      break;
    }
    const { server, startMs } = started;
    const client = createVirtualClient({
      baseUrl: server.url,
      token,
      startedAt: performance.now(),
    });
    const paper = await makePaper(`${runKey}-r${round}`);
    const killAfterMs = Math.round(random() * 1.2 * (wholeUploadMs ?? 1000));
    const upload = client.send({
      route: 'POST /api/papers',
      requestClass: 'upload',
      method: 'POST',
      path: '/api/papers',
      body: paperUploadForm(paper),
      timeoutMs: 120_000,
    });
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    await server.stop({ signal: 'SIGKILL' });
    const outcome = await upload;
    rounds.push({ round, killAfterMs, uploadStatus: outcome.status, startMs: Math.round(startMs) });
    log(
      `round ${round}: killed after ${killAfterMs} ms, upload ${outcome.status || 'cut off'}, start took ${Math.round(startMs)} ms`,
    );
  }

  if (startFailure === null) {
    // One last start: the server must come up on what the kills left behind.
    try {
      const { server } = await startReadyServer(options, token);
      await server.stop();
    } catch (error) {
      startFailure = `after the rounds: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  log('checking the database');
  const integrity = await checkDatabaseIntegrity({ location: options.database, sourceFiles });
  return {
    rounds,
    wholeUploadMs,
    uploadsCompletedBeforeKill: rounds.filter(
      (round) => round.uploadStatus >= 200 && round.uploadStatus < 300,
    ).length,
    startFailure,
    integrity,
  };
}
