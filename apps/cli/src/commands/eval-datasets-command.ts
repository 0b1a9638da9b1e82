/**
 * @module `quarry eval datasets`: the DataFinder dataset-recommendation benchmark
 * (docs BENCHMARKS.md section 1). Builds a throw-away index from the collection, ranks every query
 * with the recommender (or the plain BM25 baseline) under the year filter, scores the top 5 as
 * `trec_eval -c` does, and prints one JSON line of percentages.
 */
import { writeFile } from 'node:fs/promises';
import { AppError, createSeededRandom } from '@quarry/core';
import {
  bootstrapStandardDeviation,
  evaluateRun,
  formatTrecRun,
  recallByPopularity,
} from '@quarry/eval';
import type { QueryMetrics, RankedDocument } from '@quarry/eval';
import { createBm25Baseline } from '@quarry/recommender';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import { buildEvalRecommender } from './build-eval-recommender.js';
import {
  loadCatalogThroughStore,
  queryFields,
  readBenchmarkQueries,
  readQrelsFile,
} from './eval-datasets-files.js';
import type { BenchmarkQuery, QueryField } from './eval-datasets-files.js';

export const evalDatasetsUsage =
  'quarry eval datasets --collection FILE --queries FILE --qrels FILE [--field query|keyphrase_query] ' +
  '[--run-out FILE] [--bootstrap N] [--seed N] [--model M|none] [--citances FILE|none] [--usage-texts FILE|none] ' +
  '[--baseline bm25] [--json]';

/** The DataFinder protocol retrieves and scores the top 5. */
const benchmarkDepth = 5;
const defaultBootstrapSeed = 20230709;
/** Queries between two progress lines. */
const progressEvery = 50;

/** `quarry`: the recommender; `bm25`: the plain baseline (`--baseline bm25`). */
type SystemName = 'quarry' | 'bm25';
const baselineSystems = ['bm25'] as const;

function percent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

function metricsJson(metrics: QueryMetrics, depth: number): Record<string, number> {
  return {
    [`P@${depth}`]: percent(metrics.P),
    [`R@${depth}`]: percent(metrics.R),
    MAP: percent(metrics.AP),
    MRR: percent(metrics.RR),
  };
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new AppError({
      code: 'invalid_input',
      message: `--${name} must be a whole number >= 1, got "${value}"`,
      fix: `usage: ${evalDatasetsUsage}`,
    });
  }
  return number;
}

function oneOf<Value extends string>(
  value: string,
  allowed: readonly Value[],
  name: string,
): Value {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) {
    throw new AppError({
      code: 'invalid_input',
      message: `--${name} must be one of ${allowed.join(', ')}, got "${value}"`,
      fix: `usage: ${evalDatasetsUsage}`,
    });
  }
  return found;
}

export async function runEvalDatasets(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalDatasetsUsage,
    options: {
      collection: { type: 'string' },
      queries: { type: 'string' },
      qrels: { type: 'string' },
      field: { type: 'string', default: 'query' },
      'run-out': { type: 'string' },
      bootstrap: { type: 'string' },
      seed: { type: 'string' },
      model: { type: 'string' },
      citances: { type: 'string' },
      'usage-texts': { type: 'string' },
      baseline: { type: 'string' },
      ...jsonOption,
    },
  });
  const { io, settings } = context;
  const collection = requireOption({
    value: values.collection,
    name: 'collection',
    usage: evalDatasetsUsage,
  });
  const queriesPath = requireOption({
    value: values.queries,
    name: 'queries',
    usage: evalDatasetsUsage,
  });
  const qrelsPath = requireOption({ value: values.qrels, name: 'qrels', usage: evalDatasetsUsage });
  const field: QueryField = oneOf(values.field, queryFields, 'field');
  const system: SystemName =
    values.baseline === undefined ? 'quarry' : oneOf(values.baseline, baselineSystems, 'baseline');
  const resamples = wholeNumber(values.bootstrap, 'bootstrap');
  const seed = wholeNumber(values.seed, 'seed') ?? defaultBootstrapSeed;
  const startedAt = Date.now();
  const seconds = () => ((Date.now() - startedAt) / 1000).toFixed(1);

  const queries = await readBenchmarkQueries({ path: queriesPath, field });
  const qrels = await readQrelsFile(qrelsPath);
  io.stderr(`${queries.length} queries (${field}), ${qrels.size} judged\n`);

  const { datasets, summary } = await loadCatalogThroughStore({
    collection,
    maxLineBytes: settings.maxLineBytes,
  });
  io.stderr(
    `${datasets.length} datasets ingested into a temporary database (${summary.duplicates} repeated ids, ${summary.errors.length} errors) at ${seconds()} s\n`,
  );
  if (datasets.length === 0) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the collection has no dataset',
      where: collection,
      fix: 'give a DataFinder collection JSON Lines file',
    });
  }

  const rank = await createRanker({ context, system, datasets, values });
  io.stderr(`index ready at ${seconds()} s\n`);
  const run = new Map<string, RankedDocument[]>();
  for (const [index, query] of queries.entries()) {
    run.set(query.id, await rank(query));
    if ((index + 1) % progressEvery === 0) {
      io.stderr(`ranked ${index + 1}/${queries.length} queries at ${seconds()} s\n`);
    }
  }

  if (values['run-out'] !== undefined) {
    await writeFile(values['run-out'], formatTrecRun({ run, runName: `${system}-${field}` }));
    io.stderr(`run written to ${values['run-out']}\n`);
  }
  const evaluation = evaluateRun({ run, qrels, depth: benchmarkDepth });
  const result: Record<string, unknown> = {
    benchmark: 'datafinder',
    field,
    queries: evaluation.queries.length,
    ...metricsJson(evaluation.means, benchmarkDepth),
  };
  if (resamples !== undefined) {
    const deviation = bootstrapStandardDeviation({
      metrics: evaluation.queries.map((query) => query.metrics),
      resamples,
      random: createSeededRandom(seed).nextFloat,
    });
    result.std = metricsJson(deviation, benchmarkDepth);
  }
  result.recall_by_popularity = Object.fromEntries(
    recallByPopularity({ run, qrels, depth: benchmarkDepth }).map((bucket) => [
      bucket.label,
      {
        datasets: bucket.datasets,
        pairs: bucket.pairs,
        [`R@${benchmarkDepth}`]: percent(bucket.recall),
      },
    ]),
  );
  result.system = system;
  io.stderr(
    `${system} ${field}: P@5 ${String(result['P@5'])} R@5 ${String(result['R@5'])} MAP ${String(result.MAP)} MRR ${String(result.MRR)} in ${seconds()} s\n`,
  );
  if (values.json) {
    printJsonLine(io, result);
  } else {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  }
  return 0;
}

type Ranker = (query: BenchmarkQuery) => Promise<RankedDocument[]>;

async function createRanker(options: {
  context: CommandContext;
  system: SystemName;
  datasets: Parameters<typeof createBm25Baseline>[0]['datasets'];
  values: {
    model?: string | undefined;
    citances?: string | undefined;
    'usage-texts'?: string | undefined;
  };
}): Promise<Ranker> {
  const { context, datasets, values } = options;
  if (options.system === 'bm25') {
    const baseline = createBm25Baseline({ datasets });
    return (query) =>
      Promise.resolve(
        baseline
          .rank({
            query: query.text,
            limit: benchmarkDepth,
            ...(query.year === undefined ? {} : { yearMax: query.year }),
          })
          .map((hit) => ({ documentId: hit.datasetId, score: hit.score })),
      );
  }
  const recommender = await buildEvalRecommender({
    context,
    datasets,
    inputs: { model: values.model, citances: values.citances, usageTexts: values['usage-texts'] },
  });
  return async (query) => {
    const results = await recommender.rank({
      query: query.text,
      limit: benchmarkDepth,
      ...(query.year === undefined ? {} : { yearMax: query.year }),
    });
    return results.map((result) => ({ documentId: result.datasetId, score: result.score }));
  };
}
