/**
 * @module trec_eval-compatible ranking metrics at a cutoff k, with `trec_eval -c` averaging: every
 * query in the qrels counts, and one the run has no list for scores 0.
 *
 * Per query, with R the documents judged relevant and the run cut to its first k documents:
 *   P@k      = |relevant in top k| / k            (trec_eval P_k: always divided by k)
 *   R@k      = |relevant in top k| / |R|          (trec_eval recall_k)
 *   AP@k     = sum over relevant ranks r <= k of P@r, divided by |R|   (trec_eval map on a run
 *              of depth k, i.e. map_cut_k)
 *   RR@k     = 1 / rank of the first relevant document within k, else 0 (recip_rank, depth k)
 * A query with no relevant document scores 0 on all four (it still counts in the average).
 *
 * For benchmarks that keep only each query's first relevant rank (ReQA, in-paper search, the
 * encoder's candidate pools), `summariseRanks` gives trec_eval's recip_rank and success_k
 * (1 when a relevant item is within k) under the same -c rule: a query with no relevant item
 * retrieved (rank null) scores 0 and still counts.
 */
import type { Qrels } from './qrels.js';
import { relevantDocuments } from './qrels.js';
import type { Run } from './trec-run.js';
import { toTrecId } from './trec-id.js';

export const metricNames = ['P', 'R', 'AP', 'RR'] as const;
export type MetricName = (typeof metricNames)[number];

/** One query's metrics, each a fraction in [0, 1]. */
export type QueryMetrics = Record<MetricName, number>;

export interface QueryEvaluation {
  queryId: string;
  metrics: QueryMetrics;
}

export interface RunEvaluation {
  /** The cutoff k. */
  depth: number;
  /** One entry per query of the qrels, in qrels order. */
  queries: QueryEvaluation[];
  /** Means over `queries`. */
  means: QueryMetrics;
}

/** Metrics of one ranked list of document ids (TREC ids) against the relevant set. */
export function evaluateRanking(options: {
  ranking: readonly string[];
  relevant: ReadonlySet<string>;
  depth: number;
}): QueryMetrics {
  const { relevant, depth } = options;
  if (relevant.size === 0) return { P: 0, R: 0, AP: 0, RR: 0 };
  let found = 0;
  let precisionSum = 0;
  let reciprocalRank = 0;
  const seen = new Set<string>();
  for (const [index, documentId] of options.ranking.slice(0, depth).entries()) {
    // A document listed twice counts once, at its first rank.
    if (seen.has(documentId)) continue;
    seen.add(documentId);
    if (!relevant.has(documentId)) continue;
    found += 1;
    precisionSum += found / (index + 1);
    if (reciprocalRank === 0) reciprocalRank = 1 / (index + 1);
  }
  return {
    P: found / depth,
    R: found / relevant.size,
    AP: precisionSum / relevant.size,
    RR: reciprocalRank,
  };
}

/** Evaluates a run against qrels at cutoff `depth`, averaging over every qrels query. */
export function evaluateRun(options: { run: Run; qrels: Qrels; depth: number }): RunEvaluation {
  const rankings = new Map<string, string[]>();
  for (const [queryId, documents] of options.run) {
    rankings.set(
      toTrecId(queryId),
      documents.map((document) => toTrecId(document.documentId)),
    );
  }
  const queries = [...options.qrels.keys()].map((queryId) => ({
    queryId,
    metrics: evaluateRanking({
      ranking: rankings.get(queryId) ?? [],
      relevant: relevantDocuments(options.qrels, queryId),
      depth: options.depth,
    }),
  }));
  return {
    depth: options.depth,
    queries,
    means: meanMetrics(queries.map((query) => query.metrics)),
  };
}

/** Mean of each metric; all zeros for no queries. */
export function meanMetrics(metrics: readonly QueryMetrics[]): QueryMetrics {
  const sums: QueryMetrics = { P: 0, R: 0, AP: 0, RR: 0 };
  for (const entry of metrics) {
    for (const name of metricNames) sums[name] += entry[name];
  }
  const count = Math.max(metrics.length, 1);
  return { P: sums.P / count, R: sums.R / count, AP: sums.AP / count, RR: sums.RR / count };
}

export interface RankSummary {
  questions: number;
  /** Mean of 1 / rank (0 when not retrieved): trec_eval recip_rank. */
  reciprocalRank: number;
  /** Share of questions with a relevant hit at rank <= k, for each k asked: trec_eval success_k. */
  recall: Record<number, number>;
}

/** recip_rank and success_k over each query's first relevant rank (null: none retrieved). */
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

/** A fraction as a percentage with one decimal (0.6652 -> 66.5), as `quarry eval` prints them. */
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
