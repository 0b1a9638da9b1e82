/**
 * @module The recommender every benchmark command builds over an ingested catalog: with the
 * DataFinder citances and unlabeled training descriptions of shared/data (unless told otherwise)
 * and the dataset model (QUARRY_DATASET_MODEL, or `--model`; lexical-only when none loads).
 */
import { resolve } from 'node:path';
import type { Dataset, Embedder } from '@quarry/core';
import type { StoredPassageVectors } from '@quarry/encoder';
import { createDatasetRecommender } from '@quarry/recommender';
import type { DatasetRecommender } from '@quarry/recommender';
import type { CommandContext } from '../command.js';
import { datasetModelSpec } from '../dataset-embedder.js';
import { loadEvalEmbedder } from './eval-embedder.js';
import { optionalInputPath, readCitances, readTextLines } from './eval-datasets-files.js';

export interface EvalRecommenderInputs {
  /** `--model`: a model spec, or `none` for lexical only. */
  model?: string | undefined;
  /** `--citances`: a citances JSON Lines file, or `none`. */
  citances?: string | undefined;
  /** `--usage-texts`: a file of research descriptions, one per line, or `none`. */
  usageTexts?: string | undefined;
}

export async function buildEvalRecommender(options: {
  context: CommandContext;
  datasets: readonly Dataset[];
  inputs: EvalRecommenderInputs;
}): Promise<DatasetRecommender> {
  const { context, datasets, inputs } = options;
  const { io, settings } = context;
  const citancesFile = optionalInputPath({
    given: inputs.citances,
    sharedData: settings.sharedData,
    sharedFile: ['datafinder', 'dataset_citances.jsonl'],
  });
  const citances = citancesFile === null ? [] : await readCitances(citancesFile);
  io.stderr(
    `citances: ${citancesFile === null ? 'none' : `${citances.length} records from ${citancesFile}`}\n`,
  );
  const usageFile = optionalInputPath({
    given: inputs.usageTexts,
    sharedData: settings.sharedData,
    sharedFile: ['datafinder', 'train_queries_unlabeled.txt'],
  });
  const usageTexts = usageFile === null ? [] : await readTextLines(usageFile);
  io.stderr(
    `usage texts: ${usageFile === null ? 'none' : `${usageTexts.length} lines from ${usageFile}`}\n`,
  );
  const embedder = await loadEvalEmbedder({
    spec: datasetModelSpec(settings, inputs.model),
    explicit: inputs.model !== undefined,
    settings,
    io,
  });
  const stored = embedder === null ? null : await storedPassageVectors(context, embedder);
  const recommender = await createDatasetRecommender({
    datasets,
    citances,
    usageTexts,
    ...(embedder === null ? {} : { embedder: stored ?? embedder }),
  });
  if (stored !== null) {
    await stored.flush();
    const counts = stored.counts();
    io.stderr(`dataset passage vectors: ${counts.stored} stored, ${counts.embedded} embedded\n`);
  }
  return recommender;
}

/**
 * The embedder answering dataset passages from the vectors an earlier benchmark run kept
 * (QUARRY_EVAL_VECTORS, one file per model; `none`: off): every benchmark over the DataFinder
 * collection embeds the same 3.3K descriptions, about 13 minutes of e5's time on two cores.
 */
async function storedPassageVectors(
  context: CommandContext,
  embedder: Embedder,
): Promise<StoredPassageVectors | null> {
  const folder = context.settings.evalVectors;
  if (folder === 'none') return null;
  const encoder = await import('@quarry/encoder');
  const fileName = `${embedder.modelId.replace(/[^A-Za-z0-9._-]/g, '_')}.vectors`;
  return encoder.withStoredPassageVectors(embedder, resolve(folder, fileName));
}
