/**
 * @module Mixing the recommender's relevance channels (BM25 and each dense channel, each with its
 * weight) into one relevance per dataset: by scores (each channel divided by its best, then the
 * weighted sum; the default) or by ranks (weighted reciprocal-rank fusion, `weight / (k + rank)`
 * over the datasets a channel scores above 0, divided by its largest possible value so the
 * relevance stays within 0 to 1 for the popularity prior).
 */

export type ChannelFusion = 'scores' | 'ranks';

/** One channel's raw scores by dataset number, with its weight in the mix. */
export interface WeightedScores {
  weight: number;
  scores: Float64Array;
}

export interface FusedRelevance {
  relevance: Float64Array;
  /** 1 where some channel scored the dataset above 0. */
  matched: Uint8Array;
}

export function fuseRelevance(options: {
  channels: readonly WeightedScores[];
  eligible: Uint8Array;
  fusion: ChannelFusion;
  /** k of reciprocal-rank fusion. */
  rankConstant: number;
}): FusedRelevance {
  const { channels, eligible } = options;
  const count = eligible.length;
  const relevance = new Float64Array(count);
  const matched = new Uint8Array(count);
  const totalWeight = channels.reduce((sum, channel) => sum + channel.weight, 0);
  for (const { weight, scores } of channels) {
    const positive: number[] = [];
    let top = 0;
    for (let number = 0; number < count; number++) {
      const value = scores[number] ?? 0;
      if (eligible[number] !== 1 || !(value > 0)) continue;
      matched[number] = 1;
      positive.push(number);
      top = Math.max(top, value);
    }
    if (weight <= 0) continue;
    if (options.fusion === 'scores') {
      for (const number of positive) {
        relevance[number] = (relevance[number] ?? 0) + weight * ((scores[number] ?? 0) / top);
      }
      continue;
    }
    positive.sort((left, right) => (scores[right] ?? 0) - (scores[left] ?? 0) || left - right);
    const best = totalWeight / (options.rankConstant + 1);
    positive.forEach((number, index) => {
      relevance[number] =
        (relevance[number] ?? 0) + weight / (options.rankConstant + index + 1) / best;
    });
  }
  return { relevance, matched };
}
