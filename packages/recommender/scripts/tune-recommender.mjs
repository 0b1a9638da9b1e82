// @module Tunes the recommender's weights on pseudo-queries (pseudo-queries.mjs) by coordinate
// ascent over coarse grids; never reads the DataFinder test queries. Half of the research
// pseudo-queries (A) are scored; the other half, and every research description that is not a
// scored pseudo-query, are the recommender's usage texts, so no scored query is in the index.
// Prints the metrics of the start point, each improving step, then the best overrides as JSON.
// With --model SPEC (e.g. default), dataset passages and queries are embedded with that encoder
// (memoised, so each text is embedded once) and the dense weight is tuned too.
//   node packages/recommender/scripts/tune-recommender.mjs [--eval-only] [--no-usage] [--model SPEC]
//     [--overrides JSON]
import { parseDatasetFile } from '@quarry/ingest';
import { evaluateRanking } from '@quarry/eval';
import {
  attachCitances,
  citancesFromRecord,
  createBm25Baseline,
  createDatasetRecommender,
} from '../dist/index.js';
import { citancePseudoQueries, researchPseudoQueries } from './pseudo-queries.mjs';
import { readJsonLines, readLines, sharedPath } from './shared-data.mjs';

const argv = process.argv.slice(2);
const evalOnly = argv.includes('--eval-only');
const noUsage = argv.includes('--no-usage');
const overridesAt = argv.indexOf('--overrides');
let best = overridesAt >= 0 ? JSON.parse(argv[overridesAt + 1]) : {};
const modelAt = argv.indexOf('--model');
const embedder = modelAt >= 0 ? await memoisedEmbedder(argv[modelAt + 1]) : undefined;

async function memoisedEmbedder(spec) {
  const { loadEmbedder, shippedModelsDirectory } = await import('@quarry/encoder');
  const { embedder: inner } = await loadEmbedder({
    spec,
    modelsDir: shippedModelsDirectory(),
    cacheDir: '/tmp/quarry-tune-models',
  });
  const memo = new Map();
  return {
    modelId: inner.modelId,
    dimension: inner.dimension,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !memo.has(text)))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing);
        missing.forEach((text, index) => memo.set(text, vectors[index]));
      }
      return texts.map((text) => memo.get(text));
    },
  };
}

const datasets = [];
for await (const result of parseDatasetFile(sharedPath('datafinder/dataset_collection.jsonl'))) {
  if (result.ok) datasets.push(result.value);
}
const citances = readJsonLines(sharedPath('datafinder/dataset_citances.jsonl')).map(
  (value, index) => citancesFromRecord(value, `citances:${index + 1}`),
);
const researchTexts = readLines(sharedPath('datafinder/train_queries_unlabeled.txt'));
// Two folds: each half of the research pseudo-queries is scored with the other half (and every
// research description that is not a pseudo-query) as usage texts.
const allResearch = researchPseudoQueries({ datasets, researchTexts });
const folds = [0, 1].map((parity) => {
  const queries = allResearch.filter((_, index) => index % 2 === parity);
  const scoredLines = new Set(queries.map((query) => query.line));
  const usageTexts = noUsage ? [] : researchTexts.filter((_, line) => !scoredLines.has(line));
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

const depth = 5;
/** A step must raise MAP + MRR by this much to be taken: smaller gains are noise on ~440 queries. */
const minimumGain = 0.3;
function score(rankings, queries) {
  let ap = 0;
  let rr = 0;
  for (const [index, { gold }] of queries.entries()) {
    const metrics = evaluateRanking({ ranking: rankings[index], relevant: gold, depth });
    ap += metrics.AP;
    rr += metrics.RR;
  }
  return { MAP: (100 * ap) / queries.length, MRR: (100 * rr) / queries.length };
}

{
  const baseline = createBm25Baseline({ datasets });
  const rank = (queries) =>
    queries.map(({ query }) => baseline.rank({ query, limit: depth }).map((hit) => hit.datasetId));
  console.error('bm25 baseline', {
    A: score(rank(research), research),
    B: score(rank(cited.queries), cited.queries),
  });
}

async function measure(overrides, { withCitanceQueries = false } = {}) {
  const rank = async (recommender, queries) => {
    const rankings = [];
    for (const { query } of queries) {
      const results = await recommender.rank({ query, limit: depth });
      rankings.push(results.map((result) => result.datasetId));
    }
    return rankings;
  };
  const rankings = [];
  for (const fold of folds) {
    const recommender = await createDatasetRecommender({
      datasets,
      citances,
      usageTexts: fold.usageTexts,
      settings: overrides,
      ...(embedder ? { embedder } : {}),
    });
    rankings.push(...(await rank(recommender, fold.queries)));
  }
  const A = score(rankings, research);
  // The objective: research pseudo-queries look like the real task. Citance pseudo-queries are
  // only reported (they reward description-like matching, not need matching).
  let B = null;
  if (withCitanceQueries) {
    const withKept = await createDatasetRecommender({
      datasets,
      citances: cited.kept,
      usageTexts: folds[0].usageTexts,
      settings: overrides,
      ...(embedder ? { embedder } : {}),
    });
    B = score(await rank(withKept, cited.queries), cited.queries);
  }
  return { A, B, objective: A.MAP + A.MRR };
}

function merge(base, path, value) {
  const copy = structuredClone(base);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] ??= {};
  target[path.at(-1)] = value;
  return copy;
}

let bestResult = await measure(best, { withCitanceQueries: true });
console.error('start', JSON.stringify(best), bestResult);
if (!evalOnly) {
  const grid = [
    ...(embedder ? [[['denseWeight'], [0, 0.2, 0.35, 0.5, 0.65, 0.8, 1]]] : []),
    [
      ['termWeighting', 'center'],
      [-2, -1.5, -1, -0.5, 0, 0.5],
    ],
    [
      ['termWeighting', 'slope'],
      [0.75, 1.5, 3],
    ],
    [
      ['termWeighting', 'keyphraseRatioWeight'],
      [0, 0.25, 0.5, 1],
    ],
    [
      ['termWeighting', 'floor'],
      [0, 0.05, 0.15, 0.3],
    ],
    [
      ['termWeighting', 'needWordBoost'],
      [1, 1.5, 2, 3],
    ],
    [['priorWeight'], [0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 1.6, 2.4]],
    [
      ['prior', 'variants'],
      [0, 0.5, 1, 2],
    ],
    [
      ['prior', 'usage'],
      [0, 0.5, 1, 2],
    ],
    [
      ['prior', 'citances'],
      [0, 0.5, 1, 2],
    ],
    [
      ['fieldWeights', 'usage'],
      [0, 0.25, 0.5, 1],
    ],
    [['bigramWeight'], [0, 0.25, 0.5, 1]],
    [
      ['fieldWeights', 'citances'],
      [0, 0.25, 0.5, 1],
    ],
    [
      ['fieldWeights', 'paperTitle'],
      [0.5, 1, 2],
    ],
    [
      ['fieldWeights', 'name'],
      [0.5, 1, 2],
    ],
    [['k1'], [0.5, 0.8, 1.2, 2]],
    [['b'], [0.4, 0.75, 0.9]],
    [['citancesB'], [0.4, 0.75, 1]],
  ];
  for (let round = 0; round < 2; round++) {
    let improved = false;
    for (const [path, values] of grid) {
      for (const value of values) {
        const candidate = merge(best, path, value);
        const result = await measure(candidate);
        if (result.objective > bestResult.objective + minimumGain) {
          best = candidate;
          bestResult = result;
          improved = true;
          console.error('better', path.join('.'), value, JSON.stringify(result));
        }
      }
    }
    if (!improved) break;
  }
}
console.error('best', await measure(best, { withCitanceQueries: true }));
console.log(JSON.stringify(best));
