/**
 * @module The rerank step: a cross-encoder (Embedder.rerank) reads the question with each of the
 * hybrid ranking's best `depth` hits, and the two orders are fused by reciprocal rank
 * (Cormack et al., 2009): score = 1 / (k + hybrid rank) + 1 / (k + cross-encoder rank). Fusing
 * keeps what each is good at: on the real-PDF dev questions the cross-encoder alone lifted
 * questions that reuse the paper's words and lost paraphrases the bi-encoder had found; fused,
 * both kinds gained (docs/benchmarks.md, "A cross-encoder reorders the best hits"). Hits past
 * `depth` keep their order after the reordered ones.
 */

export interface RerankedOrder {
  /** Positions into the hybrid order, best first. */
  order: number[];
  /** The cross-encoder's score of each hybrid position (null past the depth). */
  scores: (number | null)[];
}

/** Pure fusion of the hybrid order (positions 0..n-1) with cross-encoder scores of its head. */
export function fuseReciprocalRanks(options: {
  count: number;
  scores: readonly number[];
  fusionK: number;
}): number[] {
  const head = options.scores.length;
  const byScore = Array.from({ length: head }, (_, position) => position).sort(
    (left, right) => options.scores[right]! - options.scores[left]! || left - right,
  );
  const crossRank = new Array<number>(head);
  byScore.forEach((position, rank) => {
    crossRank[position] = rank;
  });
  const fused = (position: number): number =>
    1 / (options.fusionK + position + 1) + 1 / (options.fusionK + crossRank[position]! + 1);
  const reordered = Array.from({ length: head }, (_, position) => position).sort(
    (left, right) => fused(right) - fused(left) || left - right,
  );
  const rest = Array.from({ length: Math.max(0, options.count - head) }, (_, i) => head + i);
  return [...reordered, ...rest];
}

/**
 * Reorders `texts` (in hybrid order) with the cross-encoder over the first `depth`. Positions
 * `keep` says are not prose (table rows: the cross-encoder was trained on passages, and on the
 * table questions it put rows lower) keep their slots; the prose around them is reordered, and a
 * prose text the cross-encoder scores as a clear answer (`clearScore`) is not held below a kept
 * row it never compared itself with. Without
 * a reranker, a depth of 0 or fewer than two prose texts in the head, the hybrid order stands.
 */
export async function rerankOrder(options: {
  query: string;
  texts: readonly string[];
  depth: number;
  fusionK: number;
  rerank: ((query: string, passages: readonly string[]) => Promise<number[]>) | undefined;
  /** Positions that keep their slot and are not read (default: none). */
  keep?: (position: number) => boolean;
  /**
   * A prose text scoring at least this is a clear answer: it, and the prose the fusion put
   * before it, go before the kept positions still ahead of them (default: never).
   */
  clearScore?: number;
}): Promise<RerankedOrder> {
  const { texts } = options;
  const head = Math.min(options.depth, texts.length);
  const positions = texts.map((_, i) => i);
  const identity = { order: positions, scores: texts.map(() => null) };
  const keep = options.keep ?? (() => false);
  const prose = positions.slice(0, head).filter((position) => !keep(position));
  if (options.rerank === undefined || prose.length < 2) return identity;
  const proseScores = await options.rerank(
    options.query,
    prose.map((position) => texts[position]!),
  );
  const fused = fuseReciprocalRanks({
    count: prose.length,
    scores: proseScores,
    fusionK: options.fusionK,
  });
  const scores: (number | null)[] = texts.map(() => null);
  prose.forEach((position, index) => {
    scores[position] = proseScores[index] ?? null;
  });
  const proseOrder = fused.map((index) => prose[index]!);
  const kept = positions.slice(0, head).filter((position) => keep(position));
  const clear = options.clearScore ?? Number.POSITIVE_INFINITY;
  const headOrder: number[] = [];
  while (proseOrder.length > 0 || kept.length > 0) {
    const clearLeft = proseOrder.some((position) => (scores[position] ?? -Infinity) >= clear);
    const keptDue = kept.length > 0 && kept[0]! <= headOrder.length;
    const takeProse = proseOrder.length > 0 && (clearLeft || !keptDue);
    headOrder.push(takeProse ? proseOrder.shift()! : kept.shift()!);
  }
  return { order: [...headOrder, ...positions.slice(head)], scores };
}
