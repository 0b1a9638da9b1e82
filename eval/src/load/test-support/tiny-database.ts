/**
 * @module For the shared-server integration tests: the built `quarry` entry point, and a tiny
 * embedded database (four generated papers, ingested and indexed with the real CLI, plus the
 * starter catalog the server imports on first start) built once per test file in a temp folder.
 * When the CLI is not built the tests skip, except in CI (`CI` set), where that is a failure.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSeededRandom } from '@quarry/core';
import { generatePaper } from '../generated-paper.js';

export const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const quarryBinary = join(repositoryRoot, 'apps/cli/bin/quarry.js');
const builtCli = join(repositoryRoot, 'apps/cli/dist/main.js');

/** Why the tests cannot run here (the CLI is not built), or null when they can. */
export function missingPrerequisite(): string | null {
  return existsSync(builtCli) ? null : `the CLI is not built (${builtCli}): run npm run build`;
}

/** Skips (locally) or fails (in CI) when the prerequisite is missing. */
export function requirePrerequisite(reason: string | null): boolean {
  if (reason === null) return true;
  if (process.env['CI']) throw new Error(`shared-server test cannot run in CI: ${reason}`);
  return false;
}

/** The environment a test starts `quarry` with: the test's own, minus any database setting. */
export function testEnvironment(): Record<string, string | undefined> {
  const environment: Record<string, string | undefined> = { ...process.env };
  delete environment['QUARRY_DB'];
  delete environment['QUARRY_API_TOKEN'];
  return environment;
}

function runQuarry(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [quarryBinary, ...args], {
      env: testEnvironment(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`quarry ${args[0]} exited ${code}: ${stderr}`)),
    );
  });
}

export interface TinyDatabase {
  folder: string;
  database: string;
  remove(): Promise<void>;
}

export async function buildTinyDatabase(): Promise<TinyDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-bench-tiny-'));
  const papers = join(folder, 'papers');
  await mkdir(papers);
  const random = createSeededRandom(11).nextFloat;
  for (let number = 0; number < 4; number += 1) {
    const paper = generatePaper({
      uniqueKey: `tiny${number}`,
      random,
      sections: 4,
      sentencesPerSection: 10,
    });
    await writeFile(join(papers, paper.fileName), paper.text);
  }
  const database = join(folder, 'db');
  await runQuarry(['ingest', 'papers', papers, '--db', database]);
  await runQuarry(['index', '--db', database]);
  return { folder, database, remove: () => rm(folder, { recursive: true, force: true }) };
}
