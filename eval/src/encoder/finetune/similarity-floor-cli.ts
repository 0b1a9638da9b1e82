/**
 * @module Measures a model folder's `similarity_floor` (decision 0014): the mean cosine of a query
 * and an unrelated passage, on 400 dataset descriptions of the shipped catalog (every n-th with a
 * description of two sentences or more): the first eight words of one as the query, the first
 * sentence of every other as passages. Prints the mean and standard deviation of unrelated pairs
 * and the mean of related ones (a description's words against its own first sentence).
 *   node eval/dist/encoder/finetune/similarity-floor-cli.js --model SPEC [--catalog FILE]
 */
import { parseArgs } from 'node:util';
import type { Dataset } from '@quarry/core';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { parseDatasetFile } from '@quarry/ingest';
import { repositoryPath } from '@quarry/testing';
import { splitSentences } from '@quarry/text';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    catalog: { type: 'string', default: repositoryPath('data', 'catalog', 'datasets.jsonl.gz') },
  },
});
if (values.model === undefined) throw new Error('--model SPEC is required');

const datasets: Dataset[] = [];
for await (const result of parseDatasetFile(values.catalog)) {
  if (result.ok) datasets.push(result.value);
}
const described = datasets.filter((dataset) => splitSentences(dataset.description).length >= 2);
const step = Math.max(1, Math.floor(described.length / 400));
const chosen = described.filter((_, index) => index % step === 0).slice(0, 400);
const queries = chosen.map((dataset) => dataset.description.split(/\s+/u).slice(0, 8).join(' '));
const passages = chosen.map((dataset) => splitSentences(dataset.description)[0]?.text ?? '');

const { embedder } = await loadEmbedder({
  spec: values.model,
  modelsDir: shippedModelsDirectory(),
  cacheDir: '/tmp/quarry-floor-models',
});
const queryVectors = await embedder.embed(queries, 'query');
const passageVectors = await embedder.embed(passages, 'passage');
const cosine = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
const unrelated: number[] = [];
const related: number[] = [];
for (const [i, query] of queryVectors.entries()) {
  for (const [j, passage] of passageVectors.entries()) {
    (i === j ? related : unrelated).push(cosine(query, passage));
  }
}
const mean = (numbers: readonly number[]) =>
  numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
const floor = mean(unrelated);
const deviation = Math.sqrt(mean(unrelated.map((value) => (value - floor) ** 2)));
console.log(
  JSON.stringify({
    model: embedder.modelId,
    descriptions: chosen.length,
    unrelated_mean: Number(floor.toFixed(3)),
    unrelated_sd: Number(deviation.toFixed(3)),
    related_mean: Number(mean(related).toFixed(3)),
  }),
);
process.exit(0);
