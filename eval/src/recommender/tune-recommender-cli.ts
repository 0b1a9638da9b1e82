/**
 * @module Tunes the recommender's weights on pseudo-queries (pseudo-queries.ts) by coordinate
 * ascent over coarse grids; never reads the DataFinder test queries. Half of the research
 * pseudo-queries (A) are scored; the other half, and every research description that is not a
 * scored pseudo-query, are the recommender's usage texts, so no scored query is in the index.
 * Prints the metrics of the start point, each improving step, then the best overrides as JSON.
 * With --model SPEC (e.g. default), dataset passages and queries are embedded with that encoder
 * (memoised, so each text is embedded once) and the dense weight is tuned too. Several encoders
 * joined by `+` (`quarry-static-v2+default`) are the recommender's dense channels, named by their
 * spec; --dense-weights then scans weight tuples (`0.4/0.1,0.3/0.2`, one weight per channel in
 * order). Dataset passage vectors are read from and added to --vectors DIR (default
 * ./.quarry/eval-vectors, the folder `quarry eval datasets` keeps; `none`: off).
 *   node eval/dist/recommender/tune-recommender-cli.js [--eval-only] [--no-usage] [--model SPEC[+SPEC]]
 *     [--overrides JSON] [--dense-weights W[/W],…] [--vectors DIR|none]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Dataset, Embedder } from '@quarry/core';
import { parseDatasetFile } from '@quarry/ingest';
import {
  attachCitances,
  citancesFromRecord,
  createBm25Baseline,
  parseDenseChannelList,
} from '@quarry/recommender';
import type { DenseChannelSource, RecommenderSettingsOverrides } from '@quarry/recommender';
import { sharedDataPath } from '@quarry/testing';
import { citancePseudoQueries, researchPseudoQueries } from './pseudo-queries.js';
import { readJsonLines, readLines } from './text-lines.js';
import { createTuningMeasure, rankingScore, tuningDepth } from './tuning-measure.js';
import { tuneByCoordinateAscent } from './coordinate-ascent.js';

const { values } = parseArgs({
  options: {
    'eval-only': { type: 'boolean', default: false },
    'no-usage': { type: 'boolean', default: false },
    overrides: { type: 'string' },
    model: { type: 'string' },
    'dense-weights': { type: 'string' },
    vectors: { type: 'string', default: './.quarry/eval-vectors' },
  },
});

async function memoisedEmbedder(spec: string): Promise<Embedder> {
  const { loadEmbedder, shippedModelsDirectory, withStoredPassageVectors } =
    await import('@quarry/encoder');
  const { embedder: loaded } = await loadEmbedder({
    spec,
    modelsDir: shippedModelsDirectory(),
    cacheDir: '/tmp/quarry-tune-models',
  });
  // The same file per model as `quarry eval datasets` keeps (build-eval-recommender.ts).
  const inner =
    values.vectors === 'none'
      ? loaded
      : await withStoredPassageVectors(
          loaded,
          resolve(values.vectors, `${loaded.modelId.replace(/[^A-Za-z0-9._-]/g, '_')}.vectors`),
        );
  // Keyed by purpose too: a model with prompts embeds a query and a passage differently.
  const memo = new Map<string, Float32Array>();
  return {
    modelId: inner.modelId,
    dimension: inner.dimension,
    ...(inner.similarityFloor === undefined ? {} : { similarityFloor: inner.similarityFloor }),
    async embed(texts, purpose = 'passage') {
      const key = (text: string) => `${purpose}\u0000${text}`;
      const missing = [...new Set(texts.filter((text) => !memo.has(key(text))))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing, purpose);
        missing.forEach((text, index) => memo.set(key(text), vectors[index]!));
      }
      return texts.map((text) => memo.get(key(text))!);
    },
  };
}

const channelNames = values.model === undefined ? [] : parseDenseChannelList(values.model).names;
const denseChannels: DenseChannelSource[] = [];
for (const name of channelNames) {
  denseChannels.push({ name, embedder: await memoisedEmbedder(name) });
}
const datasets: Dataset[] = [];
for await (const result of parseDatasetFile(
  sharedDataPath('datafinder/dataset_collection.jsonl'),
)) {
  if (result.ok) datasets.push(result.value);
}
const citances = readJsonLines(sharedDataPath('datafinder/dataset_citances.jsonl')).map(
  ({ value }, index) => citancesFromRecord(value, `citances:${index + 1}`),
);
const researchTexts = readLines(sharedDataPath('datafinder/train_queries_unlabeled.txt'));
// Two folds: each half of the research pseudo-queries is scored with the other half (and every
// research description that is not a pseudo-query) as usage texts.
const allResearch = researchPseudoQueries({ datasets, researchTexts });
const folds = [0, 1].map((parity) => {
  const queries = allResearch.filter((_, index) => index % 2 === parity);
  const scoredLines = new Set(queries.map((query) => query.line));
  const usageTexts = values['no-usage']
    ? []
    : researchTexts.filter((_, line) => !scoredLines.has(line));
  return { queries, usageTexts };
});
const research = folds.flatMap((fold) => fold.queries);
const cited = citancePseudoQueries({
  datasets,
  citances,
  attach: attachCitances,
  proseTexts: researchTexts,
});
console.error(
  `pseudo-queries: ${research.length} research (A), ${cited.queries.length} citance (B)`,
);

{
  const baseline = createBm25Baseline({ datasets });
  const rank = (queries: readonly { query: string }[]): string[][] =>
    queries.map(({ query }) =>
      baseline.rank({ query, limit: tuningDepth }).map((hit) => hit.datasetId),
    );
  console.error('bm25 baseline', {
    A: rankingScore(rank(research), research),
    B: rankingScore(rank(cited.queries), cited.queries),
  });
}

const measure = createTuningMeasure({ datasets, citances, folds, cited, denseChannels });
const start = (
  values.overrides === undefined ? {} : JSON.parse(values.overrides)
) as RecommenderSettingsOverrides;
if (values['dense-weights'] !== undefined) {
  // A scan of the dense weights alone (the texts are embedded once, on the first measure).
  for (const tuple of values['dense-weights'].split(',')) {
    const weights = tuple.split('/').map(Number);
    const overrides: RecommenderSettingsOverrides =
      channelNames.length <= 1
        ? { ...start, denseWeight: weights[0] ?? 0 }
        : {
            ...start,
            denseWeights: Object.fromEntries(
              channelNames.map((name, index) => [name, weights[index] ?? 0]),
            ),
          };
    const result = await measure(overrides, { withCitanceQueries: true });
    console.error('denseWeights', tuple, JSON.stringify(result));
  }
  process.exit(0);
}
const startResult = await measure(start, { withCitanceQueries: true });
console.error('start', JSON.stringify(start), startResult);
const best = values['eval-only']
  ? start
  : await tuneByCoordinateAscent({
      start,
      startResult,
      measure,
      tuneDenseWeight: denseChannels.length === 1,
      onImprovement: (path, value, result) =>
        console.error('better', path.join('.'), value, JSON.stringify(result)),
    });
console.error('best', await measure(best, { withCitanceQueries: true }));
console.log(JSON.stringify(best));
