/**
 * @module Throughput benchmark (not a test): embeds SciREX sentences with a model and reports
 * sentences per second, tokenisation included, after a warm-up pass.
 *
 *   node eval/dist/encoder/evaluation/benchmark-encoder-cli.js --model default --threads 2
 *   … --threads 1 --parallel-runs 2   (one intra-op thread, two session.run calls in flight)
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readScirexPapers } from '../corpora/scirex-papers.js';
import {
  defaultSharedDataDirectory,
  loadEmbedder,
  repositoryRootDirectory,
  shippedModelsDirectory,
} from '@quarry/encoder';
import { trainingDataFiles } from '../training/pair-sources.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'default' },
    'data-dir': { type: 'string', default: defaultSharedDataDirectory() },
    'models-dir': { type: 'string', default: shippedModelsDirectory() },
    'cache-dir': { type: 'string', default: join(repositoryRootDirectory(), '.quarry', 'models') },
    threads: { type: 'string', default: '2' },
    'parallel-runs': { type: 'string', default: '1' },
    'batch-size': { type: 'string', default: '256' },
    sentences: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
  },
});

const loadStarted = performance.now();
const { embedder } = await loadEmbedder({
  spec: values.model,
  modelsDir: resolve(values['models-dir']),
  cacheDir: resolve(values['cache-dir']),
  intraOpNumThreads: Number(values.threads),
  parallelRuns: Number(values['parallel-runs']),
  batchSize: Number(values['batch-size']),
});
const loadSeconds = (performance.now() - loadStarted) / 1000;

const papers = await readScirexPapers(
  join(resolve(values['data-dir']), trainingDataFiles.scirexPapers),
);
const sentences = papers
  .flatMap((paper) =>
    paper.sentences.filter((sentence) => !sentence.isHeading).map((sentence) => sentence.text),
  )
  .slice(0, Number(values.sentences));
const averageCharacters =
  sentences.reduce((sum, sentence) => sum + sentence.length, 0) / sentences.length;

await embedder.embed(sentences.slice(0, 2000));
const rates: number[] = [];
for (let round = 0; round < Number(values.rounds); round += 1) {
  const started = performance.now();
  await embedder.embed(sentences);
  rates.push(sentences.length / ((performance.now() - started) / 1000));
}
await embedder.close();
const report = {
  modelId: embedder.modelId,
  loadSeconds: Number(loadSeconds.toFixed(3)),
  sentences: sentences.length,
  averageCharacters: Math.round(averageCharacters),
  threads: Number(values.threads),
  parallelRuns: Number(values['parallel-runs']),
  batchSize: Number(values['batch-size']),
  sentencesPerSecond: rates.map(Math.round),
  bestSentencesPerSecond: Math.round(Math.max(...rates)),
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
