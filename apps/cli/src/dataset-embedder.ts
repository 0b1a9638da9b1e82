/**
 * @module The embedder of the dataset recommender's dense channel (QUARRY_DATASET_MODEL): the
 * static model by default, which ranks the DataFinder dev queries better than the pretrained
 * answer model (decision 0014), or `same` for the answer model. When it cannot load, the answer
 * model serves instead and the caller is told why.
 */
import type { Embedder } from '@quarry/core';
import type { CliIo } from './cli-io.js';
import { loadConfiguredEmbedder } from './load-configured-embedder.js';
import type { Settings } from './settings.js';

/** The model spec the dataset recommender uses, given `--model` when a command has one. */
export function datasetModelSpec(settings: Settings, explicit?: string): string {
  if (explicit !== undefined) return explicit;
  return settings.datasetModel === 'same' ? settings.model : settings.datasetModel;
}

export async function loadDatasetEmbedder(options: {
  settings: Settings;
  io: CliIo;
  /** The answer model already loaded, when there is one. */
  answerEmbedder: Embedder | null;
}): Promise<Embedder | null> {
  const { settings, io, answerEmbedder } = options;
  if (settings.datasetModel === 'same') return answerEmbedder;
  try {
    const { embedder } = await loadConfiguredEmbedder({
      settings,
      io,
      model: settings.datasetModel,
    });
    return embedder;
  } catch (error) {
    io.stderr(
      `note: the dataset model ${settings.datasetModel} did not load (${error instanceof Error ? error.message : String(error)}); datasets are ranked with the answer model\n`,
    );
    return answerEmbedder;
  }
}
