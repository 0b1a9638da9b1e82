/**
 * @module The hybrid score of Talk to Papers / SOCO (section 3), applied once to every candidate:
 *
 *   score = cal(max(cos(h_a, h_q), max over q_i in Q of cos(h_qi, h_q)))
 *           + alpha * (bm25 / top bm25 + questionLexicalWeight * max over q_i in Q of bm25(q_i) / full)
 *           + answerTypeWeight * [the sentence holds an answer of the kind the question asks for]
 *           + wordMatchWeight * wordMatch(q, sentence)
 *           - sectionPreferenceWeight * [the question is about the paper's own work and the
 *             sentence sits in related work, a caption, ... (section-preference.ts)]
 *           + tableCellWeight * tableCellMatch(q, table row) (table-cell-match.ts)
 *
 * A frame that has no vector yet (an upload being embedded) takes its lexical score as its cosine.
 * cal() puts the model's unrelated pairs at 0 (core's calibratedSimilarity): a pretrained encoder's
 * cosines crowd into a narrow band (0.78 to 0.95 for e5), which BM25 would otherwise outweigh.
 * The cosine is max-pooled over the frame's vectors (its answer vector and one per question in its
 * question set Q); BM25 is divided by the query's top BM25 score so it lies in [0, 1] like a
 * cosine (per-query max normalisation). Optionally (questionLexicalWeight > 0) the questions of Q
 * are also matched lexically, as documents of their own (document expansion, as in doc2query): a
 * frame scores its best question's BM25 over the BM25 a question holding every query word would
 * get (`full`), so "how much memory does the tagger need?" can find "The tagger fits in 2 GB"
 * through its generated question "How much memory does the method need?". The answer-type term is
 * classic IR question answering: a "when" question wants a sentence with a date, "how many" one
 * with a number (answer-span.ts).
 * wordMatch is the question's coverage by the sentence's words through general-English word
 * vectors (word-match.ts): the paraphrase channel that a domain-trained encoder lacks.
 */

import { calibratedSimilarity } from '@quarry/core';

export interface HybridCandidate {
  /** The caller's number for the frame (its row in the index). */
  frame: number;
  /** cos(h_a, h_q): the query against the frame's answer vector. */
  answerSimilarity: number;
  /** The best question of the frame's Q against the query, or null when Q is empty. */
  bestQuestion: { questionId: string; similarity: number } | null;
  /** The frame's exact BM25 score for the query. */
  bm25: number;
  /** Whether the sentence holds a span of the answer kind the query asks for. */
  hasAnswerType?: boolean;
  /** The best BM25 score of a question of the frame's Q for the query (0 or absent: none). */
  questionBm25?: number;
  /** The query's word-vector coverage by the sentence, in [0, 1] (word-match.ts); 0 or absent: none. */
  wordMatch?: number;
  /**
   * How ill the sentence's section suits the question, in [0, 1] (section-preference.ts: 1 for
   * related work or a caption when the question is about the paper's own work); 0 or absent: none.
   */
  sectionPenalty?: number;
  /**
   * How well the question names a cell of the frame's table row, in [0, 1] (table-cell-match.ts);
   * 0 or absent: none (every frame that is not a table row).
   */
  tableCellMatch?: number;
  /**
   * True while the frame has no vector yet (an upload whose vectors are still being embedded):
   * its cosine is unknown, so its lexical score stands in for it, and a sentence that holds every
   * query word is not ranked below loosely related ones that happen to have vectors.
   */
  awaitsVector?: boolean;
}

export interface HybridScore {
  frame: number;
  score: number;
  /** The max-pooled cosine, calibrated with the similarity floor. */
  cosine: number;
  /** BM25 / top BM25, in [0, 1]. */
  lexical: number;
  /** The best question's BM25 / the full-match question BM25, in [0, 1]. */
  questionLexical: number;
  /** The word-vector coverage, in [0, 1]. */
  wordMatch: number;
  /** The question whose vector won the max-pool, or null when the answer vector did. */
  matchedQuestionId: string | null;
}

export interface RankHybridOptions {
  candidates: readonly HybridCandidate[];
  /** The query's highest BM25 score over everything the search could return. */
  topBm25: number;
  /** The embedder's similarityFloor: cosines are calibrated with it before they meet BM25. */
  similarityFloor?: number;
  alpha: number;
  /** Added when a candidate holds the expected answer type; 0 switches the term off. */
  answerTypeWeight?: number;
  /** The question BM25 of a question that holds every query word (`Bm25Index.fullMatchScore`). */
  questionBm25FullMatch?: number;
  /** Weight of the question BM25 beside the sentence BM25; 0 (the default) switches it off. */
  questionLexicalWeight?: number;
  /** Weight of the word-vector coverage; 0 (the default) switches it off. */
  wordMatchWeight?: number;
  /** Subtracted times a candidate's `sectionPenalty`; 0 (the default) switches it off. */
  sectionPreferenceWeight?: number;
  /** Added times a candidate's `tableCellMatch`; 0 (the default) switches it off. */
  tableCellWeight?: number;
  /**
   * The coverage of a frame (word-match.ts), for candidates that carry none: computed for every
   * candidate when it weighs in the score, else only for the returned ones (the clarity test
   * reads it).
   */
  wordMatchOf?: (frame: number) => number;
  /**
   * The frame's sentence key (same-sentence.ts): a frame whose key a better-ranked frame already
   * has is left out, and the limit is filled from the frames below it, so a sentence stored twice
   * (repeated in its paper, or in two copies of the paper) is returned once. Absent: every frame.
   */
  sentenceKeyOf?: (frame: number) => string;
  limit: number;
}

/**
 * Scores every candidate and returns the best `limit`, best first (ties: lower frame first), each
 * sentence once when `sentenceKeyOf` is given.
 */
export function rankHybrid(options: RankHybridOptions): HybridScore[] {
  const { topBm25, alpha } = options;
  const answerTypeWeight = options.answerTypeWeight ?? 0;
  const questionLexicalWeight = options.questionLexicalWeight ?? 0;
  const questionBm25FullMatch = options.questionBm25FullMatch ?? 0;
  const wordMatchWeight = options.wordMatchWeight ?? 0;
  const sectionPreferenceWeight = options.sectionPreferenceWeight ?? 0;
  const tableCellWeight = options.tableCellWeight ?? 0;
  const scored = options.candidates.map((candidate): HybridScore => {
    const question = candidate.bestQuestion;
    const questionWins = question !== null && question.similarity > candidate.answerSimilarity;
    const lexical = normalised(candidate.bm25, topBm25);
    const cosine = candidate.awaitsVector
      ? lexical
      : calibratedSimilarity(
          questionWins ? question.similarity : candidate.answerSimilarity,
          options.similarityFloor ?? 0,
        );
    const questionLexical = normalised(candidate.questionBm25 ?? 0, questionBm25FullMatch);
    const wordMatch =
      candidate.wordMatch ??
      (wordMatchWeight > 0 && options.wordMatchOf ? options.wordMatchOf(candidate.frame) : 0);
    return {
      frame: candidate.frame,
      score:
        cosine +
        alpha * (lexical + questionLexicalWeight * questionLexical) +
        (candidate.hasAnswerType ? answerTypeWeight : 0) +
        wordMatchWeight * wordMatch -
        sectionPreferenceWeight * (candidate.sectionPenalty ?? 0) +
        tableCellWeight * (candidate.tableCellMatch ?? 0),
      cosine,
      lexical,
      questionLexical,
      wordMatch,
      matchedQuestionId: questionWins ? question.questionId : null,
    };
  });
  scored.sort((left, right) => right.score - left.score || left.frame - right.frame);
  const kept = bestDistinct(scored, options.limit, options.sentenceKeyOf);
  const { wordMatchOf } = options;
  if (wordMatchWeight === 0 && wordMatchOf) {
    for (const score of kept) score.wordMatch = wordMatchOf(score.frame);
  }
  return kept;
}

/** The first `limit` scores, skipping those whose sentence key an earlier one has. */
function bestDistinct(
  sorted: readonly HybridScore[],
  limit: number,
  sentenceKeyOf: ((frame: number) => string) | undefined,
): HybridScore[] {
  if (sentenceKeyOf === undefined) return sorted.slice(0, Math.max(limit, 0));
  const kept: HybridScore[] = [];
  const seen = new Set<string>();
  for (const score of sorted) {
    if (kept.length >= limit) break;
    const key = sentenceKeyOf(score.frame);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(score);
  }
  return kept;
}

/** A BM25 score over a reference score (the query's top or full-match score), in [0, 1]. */
function normalised(score: number, top: number): number {
  return top > 0 ? Math.min(Math.max(score, 0) / top, 1) : 0;
}
