// @module Lock benchmark: `quarry serve` on a fresh embedded folder, then `quarry ingest papers`
// on the same folder N times (default 100). Each second process must exit non-zero within 1 s
// saying the folder is locked by the server's pid; afterwards the server still answers, its paper
// count is unchanged, and the folder reopens with every table readable (amcheck on its indexes).
// Run after `npm run build`: node eval/bench-database-lock.mjs [--runs 100] [--limit-ms 1000]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const quarry = join(root, 'apps/cli/bin/quarry.js');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    'limit-ms': { type: 'string', default: '1000' },
  },
});
const runs = Number(values.runs);
const limitMs = Number(values['limit-ms']);
const token = 'lock-benchmark-token-0123456789';

function runQuarry(args) {
  return new Promise((done) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, [quarry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done({ code, output, elapsedMs: performance.now() - startedAt }));
  });
}

async function papers(url) {
  const response = await fetch(`${url}/api/health`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const health = await response.json();
  return { papers: health.papers, datasets: health.datasets };
}

const folder = await mkdtemp(join(tmpdir(), 'quarry-lock-bench-'));
const database = join(folder, 'db');
const paper = join(folder, 'paper.txt');
await writeFile(paper, 'A lock benchmark paper\n\nWe study locks. One process owns a folder.\n');

const server = spawn(process.execPath, [quarry, 'serve', '--db', database, '--port', '0'], {
  env: { ...process.env, QUARRY_API_TOKEN: token },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise((done, fail) => {
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(stderr);
    if (match) done(match[1]);
  });
  server.on('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
});
const papersBefore = await papers(url);
const lockMessage = new RegExp(`locked: it is in use by process ${server.pid} .*serve`);
const elapsed = [];
const failures = [];
for (let run = 1; run <= runs; run += 1) {
  const second = await runQuarry(['ingest', 'papers', paper, '--db', database]);
  elapsed.push(second.elapsedMs);
  const refused =
    second.code !== 0 && second.elapsedMs <= limitMs && lockMessage.test(second.output);
  if (!refused)
    failures.push({
      run,
      code: second.code,
      elapsedMs: Math.round(second.elapsedMs),
      output: second.output.slice(-300),
    });
}
const papersAfter = await papers(url);
server.kill('SIGTERM');
const serverExit = await new Promise((done) => server.once('exit', (code) => done(code)));

// The folder after the server's clean stop: reopens, every table is read, amcheck passes.
const { acquireDatabaseFolderLock } = await import(join(root, 'packages/store/dist/index.js'));
const { PGlite } = await import('@electric-sql/pglite');
const { vector } = await import('@electric-sql/pglite-pgvector');
const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
const lock = acquireDatabaseFolderLock({ directory: database });
const client = await PGlite.create({ dataDir: database, extensions: { vector, amcheck } });
let integrity;
try {
  const tables = (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
    .rows;
  for (const { tablename } of tables) await client.query(`SELECT count(*) FROM "${tablename}"`);
  await client.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
  const indexes = (
    await client.query(
      `SELECT c.oid::regclass::text AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE a.amname = 'btree' AND n.nspname = 'public'`,
    )
  ).rows;
  for (const { name } of indexes)
    await client.query('SELECT bt_index_check($1::regclass, true)', [name]);
  integrity = { intact: true, tables: tables.length, btreeIndexesChecked: indexes.length };
} catch (error) {
  integrity = { intact: false, error: String(error) };
} finally {
  await client.close();
  lock.release();
}
await rm(folder, { recursive: true, force: true });

const sorted = [...elapsed].sort((a, b) => a - b);
const percentile = (p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const result = {
  runs,
  refusedWithinLimit: runs - failures.length,
  limitMs,
  elapsedMs: { p50: percentile(50), p95: percentile(95), max: Math.round(sorted.at(-1)) },
  papersBefore,
  papersAfter,
  serverExit,
  integrity,
  failures: failures.slice(0, 5),
};
console.log(JSON.stringify(result));
process.exitCode =
  failures.length === 0 &&
  JSON.stringify(papersBefore) === JSON.stringify(papersAfter) &&
  integrity.intact
    ? 0
    : 1;
