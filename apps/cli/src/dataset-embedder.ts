/**
 * @module The encoders of the dataset recommender's dense channels (QUARRY_DATASET_MODEL): one
 * model spec, or several joined by `+`, each with an optional weight (`quarry-static-v2=0.4+same=0.1`;
 * `same` is the answer model). The recommender mixes each channel's calibrated cosine with BM25 at
 * its weight (packages/recommender/src/dense-channels.ts). A channel whose model cannot load is
 * left out and the caller is told why; when none is left, the answer model serves alone.
 */
import type { Embedder } from '@quarry/core';
import { parseDenseChannelList } from '@quarry/recommender';
import type {
  ChannelFusion,
  DenseChannelSource,
  RecommenderSettingsOverrides,
} from '@quarry/recommender';
import type { CliIo } from './cli-io.js';
import { loadConfiguredEmbedder } from './load-configured-embedder.js';
import type { Settings } from './settings.js';

/** The dataset model list in force: `--model` when a command has one, else QUARRY_DATASET_MODEL. */
export function datasetModelList(
  settings: Settings,
  explicit?: string,
): { names: string[]; weights: Record<string, number> } {
  return parseDenseChannelList(explicit ?? settings.datasetModel);
}

/** The model spec a channel loads: `same` is the answer model. */
export function channelModelSpec(settings: Settings, name: string): string {
  return name === 'same' ? settings.model : name;
}

/** The model spec the dataset recommender uses when it has one channel (`none`: lexical only). */
export function datasetModelSpec(settings: Settings, explicit?: string): string {
  const { names } = datasetModelList(settings, explicit);
  return names.map((name) => channelModelSpec(settings, name)).join('+');
}

/** The recommender's dense channels, and the settings that carry their weights. */
export interface DatasetChannels {
  channels: DenseChannelSource[];
  settings: RecommenderSettingsOverrides;
}

/**
 * Builds the channels from a list, loading each model with `load` (the answer model for `same`
 * when one is given); a channel that fails to load is left out with a note, and with none left the
 * answer model (if any) is the one channel.
 */
export async function datasetChannels(options: {
  list: { names: string[]; weights: Record<string, number> };
  /** May still be loading: the other models load meanwhile. */
  answerEmbedder: Embedder | null | Promise<Embedder | null>;
  load: (name: string) => Promise<Embedder | null>;
  io: CliIo;
  /** QUARRY_DATASET_FUSION. */
  fusion?: ChannelFusion;
}): Promise<DatasetChannels> {
  const { list, io } = options;
  const loaded = await Promise.all(
    list.names.map(async (name): Promise<DenseChannelSource | null> => {
      const answer = name === 'same' ? await options.answerEmbedder : null;
      if (answer !== null) return { name, embedder: answer };
      try {
        const embedder = await options.load(name);
        return embedder === null ? null : { name, embedder };
      } catch (error) {
        io.stderr(
          `note: the dataset model ${name} did not load (${error instanceof Error ? error.message : String(error)}); datasets are ranked without it\n`,
        );
        return null;
      }
    }),
  );
  const channels = loaded.filter((channel) => channel !== null);
  const answerEmbedder = await options.answerEmbedder;
  if (channels.length === 0 && answerEmbedder !== null && list.names.length > 0) {
    return {
      channels: [{ name: 'same', embedder: answerEmbedder }],
      settings: options.fusion === undefined ? {} : { channelFusion: options.fusion },
    };
  }
  const kept = new Set(channels.map((channel) => channel.name));
  const weights = Object.fromEntries(
    Object.entries(list.weights).filter(([name]) => kept.has(name)),
  );
  return {
    channels,
    settings: {
      denseWeights: weights,
      ...(options.fusion === undefined ? {} : { channelFusion: options.fusion }),
    },
  };
}

/** The channels from the settings, each model loaded through the configured registry. */
export async function loadDatasetChannels(options: {
  settings: Settings;
  io: CliIo;
  /** The answer model, when there is one (it serves `same`; may still be loading). */
  answerEmbedder: Embedder | null | Promise<Embedder | null>;
  /** Applied to each model loaded here (catalog vectors, a query cache). */
  wrap?: (embedder: Embedder) => Promise<Embedder>;
}): Promise<DatasetChannels> {
  const { settings, io } = options;
  return datasetChannels({
    list: datasetModelList(settings),
    answerEmbedder: options.answerEmbedder,
    io,
    fusion: settings.datasetFusion,
    load: async (name) => {
      const { embedder } = await loadConfiguredEmbedder({
        settings,
        io,
        model: channelModelSpec(settings, name),
      });
      return options.wrap ? options.wrap(embedder) : embedder;
    },
  });
}
