/**
 * @module What the recommender tuner maximises: MAP@5 + MRR@5 (trec_eval semantics, from eval's
 * one set of ranking metrics) of the research pseudo-queries, each fold ranked by a recommender
 * whose usage texts are the other fold; the citance pseudo-queries are only reported.
 */
import type { Dataset } from '@quarry/core';
import { createDatasetRecommender } from '@quarry/recommender';
import type {
  DatasetCitances,
  DatasetRecommender,
  DenseChannelSource,
  RecommenderSettingsOverrides,
} from '@quarry/recommender';
import { evaluateRanking } from '../retrieval-metrics.js';
import type { PseudoQuery } from './pseudo-queries.js';

/** Results read per query; the metrics are at this cutoff. */
export const tuningDepth = 5;

export interface RankingScore {
  MAP: number;
  MRR: number;
}

export interface TuningResult {
  A: RankingScore;
  B: RankingScore | null;
  /** A.MAP + A.MRR. */
  objective: number;
}

export type TuningMeasure = (
  overrides: RecommenderSettingsOverrides,
  options?: { withCitanceQueries?: boolean },
) => Promise<TuningResult>;

/** MAP and MRR at `tuningDepth`, in percent, of rankings (dataset ids) against the gold sets. */
export function rankingScore(
  rankings: readonly (readonly string[])[],
  queries: readonly PseudoQuery[],
): RankingScore {
  let ap = 0;
  let rr = 0;
  for (const [index, { gold }] of queries.entries()) {
    const metrics = evaluateRanking({
      ranking: rankings[index] ?? [],
      relevant: gold,
      depth: tuningDepth,
    });
    ap += metrics.AP;
    rr += metrics.RR;
  }
  return { MAP: (100 * ap) / queries.length, MRR: (100 * rr) / queries.length };
}

async function rankAll(
  recommender: DatasetRecommender,
  queries: readonly PseudoQuery[],
): Promise<string[][]> {
  const rankings: string[][] = [];
  for (const { query } of queries) {
    const results = await recommender.rank({ query, limit: tuningDepth });
    rankings.push(results.map((result) => result.datasetId));
  }
  return rankings;
}

export function createTuningMeasure(options: {
  datasets: readonly Dataset[];
  citances: readonly DatasetCitances[];
  folds: readonly { queries: readonly PseudoQuery[]; usageTexts: readonly string[] }[];
  cited: { queries: readonly PseudoQuery[]; kept: readonly DatasetCitances[] };
  /** The recommender's dense channels (none: lexical only). */
  denseChannels: readonly DenseChannelSource[];
}): TuningMeasure {
  const { datasets, citances, folds, cited, denseChannels } = options;
  const research = folds.flatMap((fold) => fold.queries);
  return async (overrides, { withCitanceQueries = false } = {}) => {
    const rankings: string[][] = [];
    for (const fold of folds) {
      const recommender = await createDatasetRecommender({
        datasets,
        citances,
        usageTexts: fold.usageTexts,
        settings: overrides,
        denseChannels,
      });
      rankings.push(...(await rankAll(recommender, fold.queries)));
    }
    const A = rankingScore(rankings, research);
    // The objective: research pseudo-queries look like the real task. Citance pseudo-queries are
    // only reported (they reward description-like matching, not need matching).
    let B: RankingScore | null = null;
    if (withCitanceQueries) {
      const withKept = await createDatasetRecommender({
        datasets,
        citances: cited.kept,
        usageTexts: folds[0]?.usageTexts ?? [],
        settings: overrides,
        denseChannels,
      });
      B = rankingScore(await rankAll(withKept, cited.queries), cited.queries);
    }
    return { A, B, objective: A.MAP + A.MRR };
  };
}
