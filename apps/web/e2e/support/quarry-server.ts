/**
 * @module Starts the real product for end-to-end tests: a fresh embedded database with the fixture
 * papers ingested and indexed through the CLI (or none: an empty Quarry), then `quarry serve` on a
 * free port, serving the built web app. `stop()` ends the server and removes the database.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repositoryRoot = resolve(import.meta.dirname, '../../../..');
export const quarryBinary = join(repositoryRoot, 'apps/cli/bin/quarry.js');

/** The API token the test server runs with (the browser signs in with it). */
export const e2eApiToken = 'e2e-api-token-0123456789';

export interface RunningServer {
  url: string;
  /** The embedded database folder the server holds. */
  database: string;
  /** Everything the server wrote to standard error so far. */
  log(): string;
  /** Ends the server (its exit code) and keeps the database, for checks after it stopped. */
  halt(): Promise<number | null>;
  stop(): Promise<void>;
}

export async function startQuarryServer(options: { papers?: string } = {}): Promise<RunningServer> {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-e2e-'));
  const database = join(folder, 'db');
  if (options.papers !== undefined) {
    await run(process.execPath, [
      quarryBinary,
      'ingest',
      'papers',
      options.papers,
      '--db',
      database,
    ]);
    await run(process.execPath, [quarryBinary, 'index', '--db', database]);
  }
  const server = spawn(process.execPath, [quarryBinary, 'serve', '--db', database, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, QUARRY_API_TOKEN: e2eApiToken },
  });
  let log = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    server.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(log);
      // The reader needs the frame index: wait until it is ready too.
      if (listening?.[1] && log.includes('frame index ready')) resolveUrl(listening[1]);
    });
    server.on('exit', (code) => reject(new Error(`quarry serve exited with ${code}: ${log}`)));
  });
  const halt = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
    const exited = new Promise<number | null>((done) => server.once('exit', done));
    server.kill('SIGTERM');
    return exited;
  };
  return {
    url,
    database,
    log: () => log,
    halt,
    async stop() {
      await halt();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Uploads a paper file as the web app's upload page does (with the API token); its stored id. */
export async function uploadPaper(server: RunningServer, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)]), basename(file));
  const uploaded = await fetch(`${server.url}/api/papers`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${e2eApiToken}` },
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${await uploaded.text()}`);
  const paperId = ((await uploaded.json()) as { papers: { id: string }[] }).papers[0]?.id ?? '';
  await untilSearchableByMeaning(server, paperId);
  return paperId;
}

/**
 * Waits until the paper's vectors are in (its questions are matched by meaning, not only by their
 * words: the find result no longer says `wordsOnly`), so that tests see the ranking of a settled
 * index. At most 60 s.
 */
async function untilSearchableByMeaning(server: RunningServer, paperId: string): Promise<void> {
  const path = `${server.url}/api/papers/${encodeURIComponent(paperId)}/find?q=results&mode=question&limit=1`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = (await (await fetch(path)).json()) as { wordsOnly?: boolean };
    if (found.wordsOnly !== true) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`paper ${paperId} was not searchable by meaning within 60 s`);
}
