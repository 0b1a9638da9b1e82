/**
 * @module Whether the best sentence clearly answers the question, or only comes closest. Ranking
 * always returns its top sentences, even when the paper says nothing about the question; a reader
 * should then be told "no sentence clearly answers this" and see the hits as related sentences.
 * The test is absolute, not relative to the other hits: the best hit must cover at least
 * `clearAnswerMinimumCoverage` of the question's meaning (its word-vector coverage, word-match.ts,
 * in [0, 1]: the idf-weighted share of the question's content words that the sentence holds or
 * names with a close word). Calibrated on the real-PDF dev questions and the self-written
 * unanswerable dev questions (docs/benchmarks.md).
 */
export interface ClarityInput {
  wordMatch: number;
}

export function isClearAnswer(options: {
  best: ClarityInput | undefined;
  minimumCoverage: number;
}): boolean {
  const { best } = options;
  return best !== undefined && best.wordMatch >= options.minimumCoverage;
}
