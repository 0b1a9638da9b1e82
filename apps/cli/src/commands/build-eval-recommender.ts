/**
 * @module The recommender every benchmark command builds over an ingested catalog: with the
 * DataFinder citances and unlabeled training descriptions of shared/data (unless told otherwise)
 * and the dataset models (QUARRY_DATASET_MODEL, or `--model`: one spec or several joined by `+`,
 * each with an optional weight, dataset-embedder.ts; lexical-only when none loads).
 */
import { resolve } from 'node:path';
import { AppError } from '@quarry/core';
import type { Dataset, Embedder } from '@quarry/core';
import type { StoredPassageVectors } from '@quarry/encoder';
import { createDatasetRecommender } from '@quarry/recommender';
import type { DatasetRecommender } from '@quarry/recommender';
import type { CommandContext } from '../command.js';
import { channelModelSpec, datasetChannels, datasetModelList } from '../dataset-embedder.js';
import { loadEvalEmbedder } from './eval-embedder.js';
import { optionalInputPath, readCitances, readTextLines } from './eval-datasets-files.js';

export interface EvalRecommenderInputs {
  /** `--model`: model specs joined by `+` (`spec=weight`), or `none` for lexical only. */
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
  const explicit = inputs.model !== undefined;
  const stores: StoredPassageVectors[] = [];
  const dense = await datasetChannels({
    list: datasetModelList(settings, inputs.model),
    answerEmbedder: null,
    io,
    fusion: settings.datasetFusion,
    load: async (name) => {
      const embedder = await loadEvalEmbedder({
        spec: channelModelSpec(settings, name),
        explicit,
        settings,
        io,
      });
      if (embedder === null) return null;
      const stored = await storedPassageVectors(context, embedder);
      if (stored === null) return embedder;
      stores.push(stored);
      return stored;
    },
  });
  if (explicit) {
    const missing = datasetModelList(settings, inputs.model).names.filter(
      (name) => name !== 'none' && !dense.channels.some((channel) => channel.name === name),
    );
    if (missing.length > 0) {
      throw new AppError({
        code: 'model_failure',
        message: `cannot load the dataset model ${missing.join(', ')}`,
      });
    }
  }
  const recommender = await createDatasetRecommender({
    datasets,
    citances,
    usageTexts,
    denseChannels: dense.channels,
    settings: dense.settings,
  });
  io.stderr(
    `dense channels: ${
      dense.channels.length === 0
        ? 'none'
        : dense.channels
            .map((channel) => `${channel.name} (${channel.embedder.modelId})`)
            .join(', ')
    }; weights ${JSON.stringify(recommender.settings.denseWeights)} (unnamed: denseWeight ${recommender.settings.denseWeight} shared)\n`,
  );
  for (const stored of stores) {
    await stored.flush();
    const counts = stored.counts();
    io.stderr(
      `dataset passage vectors (${stored.modelId}): ${counts.stored} stored, ${counts.embedded} embedded\n`,
    );
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
