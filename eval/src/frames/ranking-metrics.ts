/**
 * @module Rank-based metrics of single-answer retrieval: mean reciprocal rank and recall at k over
 * the rank of each question's first relevant hit (null when none was retrieved). Fractions in
 * [0, 1]; `percent` rounds to one decimal as the `quarry eval` contract prints them.
 */

export interface RankSummary {
  questions: number;
  /** Mean of 1 / rank (0 when not retrieved). */
  reciprocalRank: number;
  /** Share of questions with a relevant hit at rank <= k, for each k asked. */
  recall: Record<number, number>;
}

export function summariseRanks(options: {
  ranks: readonly (number | null)[];
  cutoffs: readonly number[];
}): RankSummary {
  const { ranks, cutoffs } = options;
  const recall: Record<number, number> = {};
  for (const cutoff of cutoffs) {
    const found = ranks.filter((rank) => rank !== null && rank <= cutoff).length;
    recall[cutoff] = ranks.length === 0 ? 0 : found / ranks.length;
  }
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0);
  return {
    questions: ranks.length,
    reciprocalRank: ranks.length === 0 ? 0 : reciprocal / ranks.length,
    recall,
  };
}

/** A fraction as a percentage with one decimal (0.6652 -> 66.5). */
export function percent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** The 1-based rank of the first item `isRelevant` accepts, or null. */
export function firstRelevantRank<Item>(
  items: readonly Item[],
  isRelevant: (item: Item) => boolean,
): number | null {
  const position = items.findIndex(isRelevant);
  return position < 0 ? null : position + 1;
}
