/**
 * @module The recommender's dense channels: each is an encoder with the catalog's passage vectors
 * and a weight in the relevance mix, so two encoders that err differently (the static model and
 * e5-small-v2) can rank together with BM25. A channel's score is the calibrated cosine (core's
 * calibratedSimilarity) floored at 0; relevance-fusion.ts mixes BM25 at `1 - sum of dense
 * weights` with each channel at its weight. The query embeddings of a request's channels run
 * concurrently.
 */
import { AppError, calibratedSimilarity, dotProduct, embedInBatches } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import type { RecommenderSettings } from './recommender-settings.js';

/** A dense channel as given to the index builder. */
export interface DenseChannelSource {
  /** The channel's name in `settings.denseWeights` (e.g. the model spec it was loaded from). */
  name: string;
  embedder: Embedder;
}

/** A built channel: the catalog's passages embedded, in dataset-number order. */
export interface DenseChannel {
  name: string;
  embedder: Embedder;
  vectors: Float32Array[];
  /** Share of the relevance mix (settings.denseWeights, else denseWeight split evenly). */
  weight: number;
}

/**
 * A channel's weight: its own in `settings.denseWeights`, else `denseWeight` shared evenly by the
 * channels without one (one channel alone gets `denseWeight`, as before channels existed).
 */
export function denseChannelWeights(
  names: readonly string[],
  settings: Pick<RecommenderSettings, 'denseWeight' | 'denseWeights'>,
): number[] {
  const unnamed = names.filter((name) => settings.denseWeights[name] === undefined).length;
  const weights = names.map(
    (name) => settings.denseWeights[name] ?? settings.denseWeight / Math.max(unnamed, 1),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.some((weight) => !(weight >= 0)) || total > 1 + 1e-9) {
    throw new AppError({
      code: 'invalid_input',
      message: `dense channel weights must be at least 0 and sum to at most 1, got ${names
        .map((name, index) => `${name}=${weights[index]}`)
        .join(', ')}`,
      fix: 'e.g. quarry-static-v2=0.4+same=0.1 (the rest of the weight is BM25)',
    });
  }
  return weights;
}

/** Embeds the catalog's passages once per channel (one channel after the other). */
export async function buildDenseChannels(options: {
  sources: readonly DenseChannelSource[];
  passages: readonly string[];
  settings: RecommenderSettings;
}): Promise<DenseChannel[]> {
  const { sources, settings } = options;
  const names = sources.map((source) => source.name);
  if (new Set(names).size !== names.length) {
    throw new AppError({
      code: 'invalid_input',
      message: `dense channels need distinct names, got ${names.join(', ')}`,
    });
  }
  const weights = denseChannelWeights(names, settings);
  const channels: DenseChannel[] = [];
  for (const [index, source] of sources.entries()) {
    const vectors = await embedInBatches({
      embedder: source.embedder,
      texts: options.passages,
      batchSize: settings.embedBatchSize,
    });
    channels.push({ ...source, vectors, weight: weights[index] ?? 0 });
  }
  return channels;
}

/** One channel's scores for a query, with the channel's weight. */
export interface ChannelScores {
  weight: number;
  scores: Float64Array;
}

/**
 * Starts embedding the query for every channel with a weight, all at once; resolves to each
 * channel's calibrated cosines (floored at 0) over the eligible datasets. An empty query has none.
 */
export function denseChannelScores(options: {
  channels: readonly DenseChannel[];
  query: string;
  eligible: Uint8Array;
}): Promise<ChannelScores[]> {
  const { channels, query, eligible } = options;
  if (query.trim() === '') return Promise.resolve([]);
  const active = channels.filter((channel) => channel.weight > 0);
  return Promise.all(
    active.map(async (channel) => ({
      weight: channel.weight,
      scores: await channelSimilarities({ channel, query, eligible }),
    })),
  );
}

/** One channel's calibrated cosines (floored at 0) of `query` with the eligible datasets. */
export async function channelSimilarities(options: {
  channel: DenseChannel;
  query: string;
  eligible: Uint8Array;
}): Promise<Float64Array> {
  const { channel, eligible } = options;
  const scores = new Float64Array(channel.vectors.length);
  const [queryVector] = await channel.embedder.embed([options.query], 'query');
  if (queryVector === undefined) return scores;
  const floor = channel.embedder.similarityFloor ?? 0;
  for (const [number, vector] of channel.vectors.entries()) {
    if (eligible[number] !== 1) continue;
    scores[number] = Math.max(calibratedSimilarity(dotProduct(vector, queryVector), floor), 0);
  }
  return scores;
}

/**
 * `name=weight` items joined by `+` (`quarry-static-v2=0.4+same=0.1`; the weight may be left
 * out): the channels' names in order and the weights given.
 */
export function parseDenseChannelList(text: string): {
  names: string[];
  weights: Record<string, number>;
} {
  const names: string[] = [];
  const weights: Record<string, number> = {};
  for (const item of text.split('+').map((part) => part.trim())) {
    if (item === '') continue;
    const match = /^(.*?)=([0-9.]+)$/.exec(item);
    const name = (match?.[1] ?? item).trim();
    if (match !== null) {
      const weight = Number(match[2]);
      if (!Number.isFinite(weight) || weight < 0 || weight > 1) {
        throw new AppError({
          code: 'invalid_input',
          message: `dense channel weight must be between 0 and 1, got ${item}`,
        });
      }
      weights[name] = weight;
    }
    names.push(name);
  }
  return { names, weights };
}
