// How well the best sentence's cosine tells an answer from a related sentence, for the chat's
// `answerMinRelevance` setting: over the in-paper DEV questions, each searched within its paper,
// the share of questions whose gold sentence is in the top five, above and below each threshold.
// Usage: node eval/calibrate-answer-relevance.mjs --db DIR_OR_URL (a database holding the SciREX
// papers, indexed with `quarry index`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { loadFrameIndex } from '@quarry/frames';
import { openStore } from '@quarry/store';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
if (!values.db) throw new Error('usage: node eval/calibrate-answer-relevance.mjs --db DIR_OR_URL');
const questionsFile = resolve(import.meta.dirname, 'inpaper-dev-questions.jsonl');
const store = await openStore({ location: values.db });
const { embedder } = await loadEmbedder({
  spec: 'default',
  modelsDir: shippedModelsDirectory(),
  cacheDir: resolve('.quarry/models'),
});
const { index } = await loadFrameIndex({ store, embedder });
const rows = [];
for (const line of readFileSync(questionsFile, 'utf8').split('\n').filter(Boolean)) {
  const question = JSON.parse(line);
  const gold = new Set(question.gold_sentence_ids);
  const { hits } = await index.search({
    query: question.question,
    limit: 5,
    filter: { paperIds: [question.paper_id] },
  });
  if (hits.length === 0) continue;
  rows.push({ cosine: hits[0].cosine, found: hits.some((hit) => gold.has(hit.sentenceIndex)) });
}
const share = (list) =>
  list.length === 0
    ? '-'
    : `${Math.round((100 * list.filter((row) => row.found).length) / list.length)}%`;
console.log(`${rows.length} questions; gold in top 5 overall ${share(rows)}`);
for (const threshold of [0.3, 0.4, 0.5, 0.6]) {
  const above = rows.filter((row) => row.cosine >= threshold);
  const below = rows.filter((row) => row.cosine < threshold);
  console.log(
    `cosine >= ${threshold}: ${above.length} questions, ${share(above)} | below: ${below.length}, ${share(below)}`,
  );
}
await store.close();
