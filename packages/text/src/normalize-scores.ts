/**
 * @module Per-query max normalisation: maps one query's scores to [0, 1] by dividing by the top
 * score, so BM25 (unbounded) can be mixed with cosine similarity in a hybrid score.
 */

/**
 * Returns copies of `hits` with `score` divided by the highest score among them; order and every
 * other property are kept. When the top score is not positive (no match), every score becomes 0.
 */
export function normalizeScores<Hit extends { score: number }>(hits: readonly Hit[]): Hit[] {
  let top = 0;
  for (const hit of hits) if (hit.score > top) top = hit.score;
  return hits.map((hit) => ({ ...hit, score: top > 0 ? Math.max(hit.score, 0) / top : 0 }));
}
