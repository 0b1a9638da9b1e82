// @module ReQA on both answer-search backends (issue 18's quality check): the visible SQuAD half
// indexed once in embedded PGlite with the in-memory frame index and once in a fresh database on the
// given PostgreSQL server with the PostgreSQL backend, every question searched on both; prints the
// MRR and R@k of each with the settings `quarry eval answers` uses (the paragraph as context).
// Run after `npm run build`:
//   node eval/reqa-postgres.mjs --server postgres://postgres@127.0.0.1:55440/postgres
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { firstRelevantRank, percent, readSquadBenchmark, summariseRanks } from '@quarry/eval';
import {
  createPostgresAnswerSearch,
  indexForPostgresSearch,
  loadFrameIndex,
  memoryAnswerSearch,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import { openStore } from '@quarry/store';
import { loadConfiguredEmbedder } from '../apps/cli/dist/load-configured-embedder.js';
import { loadSettings } from '../apps/cli/dist/settings.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    squad: {
      type: 'string',
      default: resolve(root, '../shared/data/squad/squad-v1.1-dev-half.json'),
    },
  },
});
if (!values.server?.startsWith('postgres')) throw new Error('--server postgres://… is required');
const depth = 100;
const settings = resolveFrameIndexSettings({ contextSentences: 'section', maxResults: depth });
const io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};
const { embedder } = await loadConfiguredEmbedder({ settings: loadSettings(process.env), io });
const data = await readSquadBenchmark(values.squad);

async function ranksWith(store, search) {
  const frameIdOf = new Map(
    (await store.client.query('SELECT id, paper_id, sentence_index FROM frames')).rows.map(
      (row) => [`${row.paper_id}:${row.sentence_index}`, String(row.id)],
    ),
  );
  const ranks = [];
  const startedAt = performance.now();
  for (const question of data.questions) {
    const target = frameIdOf.get(`${question.paperId}:${question.sentenceIndex}`);
    const result = await search.search({ query: question.question, limit: depth });
    ranks.push(firstRelevantRank(result.hits, (hit) => hit.frameId === target));
  }
  const summary = summariseRanks({ ranks, cutoffs: [1, 5, 10] });
  return {
    MRR: percent(summary.reciprocalRank),
    'R@1': percent(summary.recall[1] ?? 0),
    'R@5': percent(summary.recall[5] ?? 0),
    'R@10': percent(summary.recall[10] ?? 0),
    questions: summary.questions,
    ms_per_question:
      Math.round(((performance.now() - startedAt) / data.questions.length) * 10) / 10,
  };
}

const memoryStore = await openStore({ location: 'memory://' });
for (const paper of data.papers) await memoryStore.papers.upsert(paper);
const { index } = await loadFrameIndex({ store: memoryStore, embedder, settings });
const memory = await ranksWith(memoryStore, memoryAnswerSearch(index));
await memoryStore.close();

const databaseName = `quarry_reqa_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: values.server });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(values.server);
url.pathname = `/${databaseName}`;
let postgres;
try {
  const store = await openStore({ location: url.toString() });
  for (const paper of data.papers) await store.papers.upsert(paper);
  await indexForPostgresSearch({
    store,
    embedder,
    settings,
    paperIds: data.papers.map((paper) => paper.id),
    batchPapers: 8,
    buildVectorIndexes: true,
  });
  postgres = await ranksWith(store, createPostgresAnswerSearch({ store, embedder, settings }));
  await store.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  await embedder.close?.();
}
process.stdout.write(
  `${JSON.stringify({ benchmark: 'reqa-squad', sentences: data.sentences, model: embedder.modelId, memory, postgres })}\n`,
);
