/**
 * @module Retrieval evaluation over a fixed candidate pool: every query ranks every candidate; scored
 * by MRR and recall@k (trec_eval recip_rank and success_k, through eval's one set of ranking
 * metrics) of the relevant candidates. Compares BM25 alone (@quarry/text), the encoder
 * alone (cosine), and the hybrid cosine + alpha * BM25 / (the query's top BM25 score) that the frame
 * index and the recommender use.
 */
import { dotProduct } from '@quarry/core';
import { createBm25Index, normalizeScores } from '@quarry/text';
import { summariseRanks } from '../../retrieval-metrics.js';

export interface RetrievalBenchmark {
  queries: RetrievalQuery[];
  /** The candidate pool every query ranks. */
  candidates: string[];
}

export interface RetrievalQuery {
  text: string;
  /** Indices into `candidates` that answer the query. */
  relevant: ReadonlySet<number>;
}

export const retrievalMethods = ['bm25', 'encoder', 'hybrid'] as const;

export type RetrievalMethod = (typeof retrievalMethods)[number];

export interface RankingQuality {
  meanReciprocalRank: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
}

export interface RetrievalMethodResult extends RankingQuality {
  method: RetrievalMethod;
  /** Weight of the normalised BM25 score (hybrid only). */
  alpha?: number;
}

export interface RetrievalEvaluation {
  queryCount: number;
  candidateCount: number;
  results: RetrievalMethodResult[];
  /** Wall-clock seconds to embed queries and candidates, and the resulting texts per second. */
  embeddingSeconds: number;
  textsPerSecond: number;
}

export interface EvaluateRetrievalOptions {
  benchmark: RetrievalBenchmark;
  /** Unit vectors, one per text. */
  embed: (texts: readonly string[]) => Promise<Float32Array[]>;
  hybridAlphas: readonly number[];
  /** Milliseconds now; injected so timing can be stubbed. Default performance.now. */
  now?: () => number;
}

export async function evaluateRetrieval(
  options: EvaluateRetrievalOptions,
): Promise<RetrievalEvaluation> {
  const { benchmark, hybridAlphas } = options;
  const now = options.now ?? (() => performance.now());
  const candidateCount = benchmark.candidates.length;

  const bm25 = createBm25Index<number>({ fields: [{ name: 'text' }] });
  benchmark.candidates.forEach((text, index) => bm25.add({ id: index, fields: { text } }));

  const started = now();
  const candidateVectors = await options.embed(benchmark.candidates);
  const queryVectors = await options.embed(benchmark.queries.map((query) => query.text));
  const embeddingSeconds = (now() - started) / 1000;

  const ranksByMethod = new Map<string, (number | null)[]>();
  const record = (key: string, rank: number): void => {
    const ranks = ranksByMethod.get(key) ?? [];
    ranks.push(Number.isFinite(rank) ? rank : null);
    ranksByMethod.set(key, ranks);
  };

  const lexical = new Float64Array(candidateCount);
  const cosine = new Float64Array(candidateCount);
  const combined = new Float64Array(candidateCount);
  benchmark.queries.forEach((query, queryIndex) => {
    lexical.fill(0);
    const hits = normalizeScores(bm25.search(query.text, { limit: candidateCount }));
    for (const hit of hits) lexical[hit.id] = hit.score;
    const queryVector = queryVectors[queryIndex]!;
    candidateVectors.forEach((vector, index) => {
      cosine[index] = dotProduct(vector, queryVector);
    });
    record('bm25', rankOfFirstRelevant(lexical, query.relevant));
    record('encoder', rankOfFirstRelevant(cosine, query.relevant));
    for (const alpha of hybridAlphas) {
      for (let index = 0; index < candidateCount; index += 1)
        combined[index] = cosine[index]! + alpha * lexical[index]!;
      record(`hybrid:${alpha}`, rankOfFirstRelevant(combined, query.relevant));
    }
  });

  const results: RetrievalMethodResult[] = [
    { method: 'bm25', ...rankingQuality(ranksByMethod.get('bm25')) },
    { method: 'encoder', ...rankingQuality(ranksByMethod.get('encoder')) },
    ...hybridAlphas.map((alpha) => ({
      method: 'hybrid' as const,
      alpha,
      ...rankingQuality(ranksByMethod.get(`hybrid:${alpha}`)),
    })),
  ];
  const textCount = candidateCount + benchmark.queries.length;
  return {
    queryCount: benchmark.queries.length,
    candidateCount: candidateCount,
    results,
    embeddingSeconds,
    textsPerSecond: textCount / Math.max(embeddingSeconds, 1e-9),
  };
}

/**
 * 1-based rank of the best-placed relevant item. Ties are broken against the relevant item (it is
 * placed after every equal-scoring other item), so a method cannot gain from ties.
 */
export function rankOfFirstRelevant(
  scores: ArrayLike<number>,
  relevant: ReadonlySet<number>,
): number {
  let best = Infinity;
  for (const index of relevant) {
    const score = scores[index] ?? -Infinity;
    let rank = 1;
    for (let other = 0; other < scores.length; other += 1) {
      if (other !== index && !relevant.has(other) && (scores[other] ?? -Infinity) >= score)
        rank += 1;
    }
    best = Math.min(best, rank);
  }
  return best;
}

function rankingQuality(ranks: readonly (number | null)[] = []): RankingQuality {
  const summary = summariseRanks({ ranks, cutoffs: [1, 5, 10] });
  return {
    meanReciprocalRank: summary.reciprocalRank,
    recallAt1: summary.recall[1] ?? 0,
    recallAt5: summary.recall[5] ?? 0,
    recallAt10: summary.recall[10] ?? 0,
  };
}
