/**
 * @module What answer search takes and returns: the options of one search, and its hits, each a
 * stored sentence with its paper, place, context and the parts of its hybrid score.
 */
import { sectionRoleOfTitle } from '@quarry/core';
import type { SectionKind, SectionRole } from '@quarry/core';
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
  /**
   * What the sentence's section is in the layout: running text (`body`), a `caption`, a `table`
   * row, a `footnote`, `front-matter` or `references`.
   */
  sectionKind: SectionKind;
  /** What part of the paper the section is, from its heading (core section-role.ts). */
  sectionRole: SectionRole;
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
  /** How much of the question the sentence's words cover through word vectors, in [0, 1]. */
  wordMatch: number;
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
  /** Whether the best hit clearly answers (answer-clarity.ts); else the hits are only related. */
  clearAnswer: boolean;
}

/** Where a hit's sentence stands: the stored frame's place in its paper. */
export type HitSentence = Pick<
  AnswerHit,
  | 'paperId'
  | 'paperTitle'
  | 'sectionIndex'
  | 'sectionTitle'
  | 'sentenceIndex'
  | 'sourceIndex'
  | 'text'
  | 'charStart'
  | 'charEnd'
  | 'page'
> &
  Partial<Pick<AnswerHit, 'sectionKind' | 'sectionRole'>>;

/** A hit from a scored sentence, on either backend: the one place its fields are laid out. */
export function answerHit(options: {
  frameId: string;
  sentence: HitSentence;
  context: { before: string; after: string };
  score: Omit<HybridScore, 'frame' | 'matchedQuestionId'>;
  matchedQuestion: { id: string; text: string } | null;
  query: string;
}): AnswerHit {
  const { sentence, score } = options;
  return {
    frameId: options.frameId,
    paperId: sentence.paperId,
    paperTitle: sentence.paperTitle,
    sectionIndex: sentence.sectionIndex,
    sectionTitle: sentence.sectionTitle,
    sectionKind: sentence.sectionKind ?? 'body',
    sectionRole: sentence.sectionRole ?? sectionRoleOfTitle(sentence.sectionTitle),
    sentenceIndex: sentence.sentenceIndex,
    sourceIndex: sentence.sourceIndex,
    text: sentence.text,
    charStart: sentence.charStart,
    charEnd: sentence.charEnd,
    page: sentence.page,
    contextBefore: options.context.before,
    contextAfter: options.context.after,
    score: score.score,
    cosine: score.cosine,
    lexical: score.lexical,
    questionLexical: score.questionLexical,
    wordMatch: score.wordMatch,
    matchedQuestion: options.matchedQuestion,
    answerSpan: highlightAnswerSpan({ question: options.query, sentence: sentence.text }),
  };
}

/** The hit of a scored frame of an in-memory index. */
export function toAnswerHit(index: FrameIndex, score: HybridScore, query: string): AnswerHit {
  const frame = index.frameAt(score.frame);
  const matched =
    score.matchedQuestionId === null ? undefined : index.question(score.matchedQuestionId);
  return answerHit({
    frameId: frame.id,
    sentence: frame,
    context: index.contextOf(score.frame),
    score,
    matchedQuestion: matched ? { id: matched.id, text: matched.text } : null,
    query,
  });
}
