// @module Durability cost of the embedded database: the same writes with QUARRY_DB_DURABILITY
// `relaxed` (PGlite's default: fsync off) and `full` (fsync on every commit, through
// packages/store/src/durable-node-filesystem.ts), on fresh folders: creating the folder, N small
// commits (one row each, like an annotation or a chat message), one large commit, and close.
// Run after `npm run build`: node eval/bench-embedded-durability.mjs [--commits 500] [--rounds 2]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { createPgliteClient } = await import(join(root, 'packages/store/dist/index.js'));
const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '2' },
    'large-rows': { type: 'string', default: '50000' },
  },
});
const commits = Number(values.commits);
const largeRows = Number(values['large-rows']);

async function measure(durability) {
  const folder = await mkdtemp(join(tmpdir(), `quarry-durability-${durability}-`));
  const directory = join(folder, 'db');
  let startedAt = performance.now();
  const client = await createPgliteClient({ dataDirectory: directory, durability });
  const createMs = performance.now() - startedAt;
  await client.exec('CREATE TABLE writes (id int PRIMARY KEY, body text NOT NULL)');
  startedAt = performance.now();
  for (let id = 0; id < commits; id += 1) {
    await client.query('INSERT INTO writes VALUES ($1, $2)', [id, `small commit ${id}`]);
  }
  const smallMs = performance.now() - startedAt;
  startedAt = performance.now();
  await client.transaction(async (transaction) => {
    await transaction.query(
      `INSERT INTO writes SELECT $1::int + n, repeat('large commit ', 20) FROM generate_series(1, $2::int) AS n`,
      [commits, largeRows],
    );
  });
  const largeMs = performance.now() - startedAt;
  startedAt = performance.now();
  await client.close();
  const closeMs = performance.now() - startedAt;
  await rm(folder, { recursive: true, force: true });
  return {
    durability,
    createMs: Math.round(createMs),
    smallCommits: commits,
    smallCommitsMs: Math.round(smallMs),
    msPerSmallCommit: Number((smallMs / commits).toFixed(2)),
    largeCommitRows: largeRows,
    largeCommitMs: Math.round(largeMs),
    closeMs: Math.round(closeMs),
  };
}

for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const durability of ['relaxed', 'full']) {
    console.log(JSON.stringify({ round, ...(await measure(durability)) }));
  }
}
