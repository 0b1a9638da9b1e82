/**
 * @module What answer search takes and returns: the options of one search, and its hits, each a
 * stored sentence with its paper, place, context and the parts of its hybrid score.
 */
import { highlightAnswerSpan } from './answer-span.js';
import type { AnswerSpan } from './answer-span.js';
import type { FrameIndex } from './frame-index.js';
import type { HybridScore } from './hybrid-ranking.js';
import type { FrameFilter } from './indexed-frame.js';

export interface AnswerSearchOptions {
  query: string;
  /** Default 10, at most the `maxResults` setting. */
  limit?: number;
  filter?: FrameFilter;
}

export interface AnswerHit {
  frameId: string;
  paperId: string;
  paperTitle: string;
  sectionIndex: number;
  sectionTitle: string;
  sentenceIndex: number;
  sourceIndex: number | null;
  text: string;
  /** Offsets of the sentence in the paper's text. */
  charStart: number;
  charEnd: number;
  page: number | null;
  /** The previous and next sentence of the same section ('' at a section's edge). */
  contextBefore: string;
  contextAfter: string;
  score: number;
  /** The max-pooled cosine. */
  cosine: number;
  /** BM25 / top BM25 of the query. */
  lexical: number;
  /** The frame's best question BM25 / a full-match question's BM25 (0 while that channel is off). */
  questionLexical: number;
  /** The question of the frame's Q whose vector won the max-pool, if one did. */
  matchedQuestion: { id: string; text: string } | null;
  /** The likely answer inside the sentence, when the question's answer type is clear. */
  answerSpan: AnswerSpan | null;
}

export interface AnswerSearchResult {
  query: string;
  hits: AnswerHit[];
  /** How many distinct frames were scored exactly. */
  candidates: number;
}

/** The hit of a scored frame of an in-memory index. */
export function toAnswerHit(index: FrameIndex, score: HybridScore, query: string): AnswerHit {
  const frame = index.frameAt(score.frame);
  const context = index.contextOf(score.frame);
  const matched =
    score.matchedQuestionId === null ? undefined : index.question(score.matchedQuestionId);
  return {
    frameId: frame.id,
    paperId: frame.paperId,
    paperTitle: frame.paperTitle,
    sectionIndex: frame.sectionIndex,
    sectionTitle: frame.sectionTitle,
    sentenceIndex: frame.sentenceIndex,
    sourceIndex: frame.sourceIndex,
    text: frame.text,
    charStart: frame.charStart,
    charEnd: frame.charEnd,
    page: frame.page,
    contextBefore: context.before,
    contextAfter: context.after,
    score: score.score,
    cosine: score.cosine,
    lexical: score.lexical,
    questionLexical: score.questionLexical,
    matchedQuestion: matched ? { id: matched.id, text: matched.text } : null,
    answerSpan: highlightAnswerSpan({ question: query, sentence: frame.text }),
  };
}
