/**
 * @module Ablation script (not a test): BM25 alone vs. the encoder alone vs. the hybrid
 * cos + alpha * BM25 / top BM25, on the held-out SQuAD articles (odd indices, ReQA) and the held-out
 * citances (citance to dataset description). Prints a markdown table per benchmark.
 *
 *   node eval/dist/encoder/evaluation/evaluate-encoder-cli.js --model default --data-dir ../shared/data
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDatasetCatalog } from '../corpora/dataset-catalog.js';
import { readDatasetCitances } from '../corpora/dataset-citances.js';
import {
  defaultSharedDataDirectory,
  loadEmbedder,
  repositoryRootDirectory,
  shippedModelsDirectory,
} from '@quarry/encoder';
import { trainingDataFiles } from '../training/pair-sources.js';
import { squadBenchmarkFile } from '../training/training-benchmarks.js';
import { buildCitanceBenchmark } from './citance-benchmark.js';
import { reqaCandidatePool } from '../../frames/reqa-benchmark.js';
import { readSquadBenchmark } from '../../frames/squad-frames.js';
import { evaluateRetrieval } from './retrieval-evaluation.js';
import type { RetrievalBenchmark, RetrievalEvaluation } from './retrieval-evaluation.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'default' },
    'data-dir': { type: 'string', default: defaultSharedDataDirectory() },
    'models-dir': { type: 'string', default: shippedModelsDirectory() },
    'cache-dir': { type: 'string', default: join(repositoryRootDirectory(), '.quarry', 'models') },
    'hub-url': { type: 'string' },
    threads: { type: 'string', default: '2' },
    alphas: { type: 'string', default: '0.25,0.5,1,2' },
  },
});

const dataDir = resolve(values['data-dir']);
const { embedder, model } = await loadEmbedder({
  spec: values.model,
  modelsDir: resolve(values['models-dir']),
  cacheDir: resolve(values['cache-dir']),
  ...(values['hub-url'] ? { hubUrl: values['hub-url'] } : {}),
  intraOpNumThreads: Number(values.threads),
  batchSize: 256,
});
const hybridAlphas = values.alphas.split(',').map(Number);

const benchmarks: { title: string; benchmark: RetrievalBenchmark }[] = [
  {
    title: 'SQuAD ReQA, odd-index (held-out) articles',
    benchmark: reqaCandidatePool(
      await readSquadBenchmark(join(dataDir, squadBenchmarkFile), {
        keepArticle: (index) => index % 2 === 1,
      }),
    ),
  },
  {
    title: 'Held-out citances to dataset descriptions',
    benchmark: buildCitanceBenchmark({
      catalog: await readDatasetCatalog({
        collectionFile: join(dataDir, trainingDataFiles.datasetCollection),
        pwcCsvFile: join(dataDir, trainingDataFiles.pwcDatasets),
      }),
      citances: await readDatasetCitances(join(dataDir, trainingDataFiles.datasetCitances)),
    }),
  },
];

const lines = [
  `Model: ${embedder.modelId} (${model.source}, ${model.directory}), dimension ${embedder.dimension}`,
  '',
];
try {
  for (const { title, benchmark } of benchmarks) {
    const evaluation = await evaluateRetrieval({
      benchmark,
      embed: (texts) => embedder.embed(texts),
      hybridAlphas,
    });
    lines.push(...renderTable(title, evaluation), '');
  }
} finally {
  await embedder.close();
}
process.stdout.write(`${lines.join('\n')}\n`);

function renderTable(title: string, evaluation: RetrievalEvaluation): string[] {
  return [
    `### ${title} (${evaluation.queryCount} queries, ${evaluation.candidateCount} candidates)`,
    '',
    '| method | MRR | R@1 | R@5 | R@10 |',
    '|---|---:|---:|---:|---:|',
    ...evaluation.results.map((entry) => {
      const label = entry.method === 'hybrid' ? `hybrid (alpha ${entry.alpha})` : entry.method;
      const cells = [
        entry.meanReciprocalRank,
        entry.recallAt1,
        entry.recallAt5,
        entry.recallAt10,
      ].map((value) => value.toFixed(3));
      return `| ${label} | ${cells.join(' | ')} |`;
    }),
    '',
    `Embedding: ${evaluation.embeddingSeconds.toFixed(2)} s, ${Math.round(evaluation.textsPerSecond)} texts/s.`,
  ];
}
