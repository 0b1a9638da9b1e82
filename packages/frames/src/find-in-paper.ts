/**
 * @module Natural-language Ctrl+F inside one paper. `question` mode ranks the paper's sentences
 * with the hybrid score (cos max-pooled over each frame's vectors + inPaperAlpha * BM25 / top,
 * with BM25 over this paper alone), lets the model's cross-encoder reorder the best hits
 * (rerank-fusion.ts) and marks the likely answer span; `text` mode is an exact or
 * case-insensitive substring, or a `/regex/`, in reading order. Hits carry character offsets and
 * context for highlighting and next / previous.
 */
import { AppError, sectionRoleOfTitle } from '@quarry/core';
import type { SectionKind, SectionRole } from '@quarry/core';
import { isClearAnswer } from './answer-clarity.js';
import { answerTypeTest, highlightAnswerSpan } from './answer-span.js';
import type { AnswerKind } from './answer-span.js';
import type { FrameIndex } from './frame-index.js';
import type { IndexedFrame } from './indexed-frame.js';
import { rankHybrid } from './hybrid-ranking.js';
import { rerankOrder } from './rerank-fusion.js';
import { sectionPenaltyFor } from './section-preference.js';
import { tableCellMatchFor } from './table-cell-match.js';
import { findText } from './text-finder.js';
import { createWordMatcher } from './word-match.js';

export const findModes = ['question', 'text'] as const;
export type FindMode = (typeof findModes)[number];

export interface FindInPaperOptions {
  index: FrameIndex;
  paperId: string;
  query: string;
  mode: FindMode;
  /** Most hits; default 10 for `question`, the `maxTextMatches` setting for `text`. */
  limit?: number;
  /** `text` mode, plain queries only. Default false. */
  caseSensitive?: boolean;
}

/** A span to highlight, as offsets into the sentence and into the paper's text. */
export interface InPaperHighlight {
  start: number;
  end: number;
  charStart: number;
  charEnd: number;
  text: string;
  /** The answer type for a likely answer; `match` for a text-mode match. */
  kind: AnswerKind | 'match';
}

export interface InPaperHit {
  frameId: string;
  sentenceIndex: number;
  /** The source's sentence index (SciREX `sentences[i]`). */
  sourceIndex: number | null;
  sectionIndex: number;
  sectionTitle: string;
  /** The kind of the sentence's section (`body`, `caption`, `table`, ...). */
  sectionKind: SectionKind;
  /** What part of the paper the section is (core section-role.ts). */
  sectionRole: SectionRole;
  text: string;
  /** Offsets of the sentence in the paper's text. */
  charStart: number;
  charEnd: number;
  contextBefore: string;
  contextAfter: string;
  /** `question` mode: the hybrid score and its parts; 0 in `text` mode. */
  score: number;
  cosine: number;
  lexical: number;
  questionLexical: number;
  /** `question` mode: how much of the question the sentence's words cover, in [0, 1]. */
  wordMatch: number;
  matchedQuestion: { id: string; text: string } | null;
  /** `question` mode: the cross-encoder's score when the rerank step read this hit. */
  rerankScore?: number;
  /** What to highlight: the likely answer (`question`) or the match itself (`text`). */
  highlight: InPaperHighlight | null;
}

export interface FindInPaperResult {
  paperId: string;
  query: string;
  mode: FindMode;
  /** `question`: best first; `text`: in reading order, one hit per match. */
  hits: InPaperHit[];
  /**
   * `question`: whether the best hit clearly answers (answer-clarity.ts); when false the hits are
   * the closest sentences, to show as related. `text`: whether anything matched.
   */
  clearAnswer: boolean;
  /**
   * `question`: true while the paper's vectors are still being embedded after its upload, so the
   * hits match the question's words only (FrameIndex.awaitsVectors).
   */
  wordsOnly?: boolean;
}

const defaultQuestionLimit = 10;

export async function findInPaper(options: FindInPaperOptions): Promise<FindInPaperResult> {
  const { index, paperId, query, mode } = options;
  const range = index.paperRange(paperId);
  if (range === undefined) {
    throw new AppError({
      code: 'not_found',
      message: 'the paper is not in the answer index',
      where: `paper ${paperId}`,
      fix: 'ingest the paper, then reload the index',
    });
  }
  const hits =
    mode === 'text'
      ? findTextHits({ ...options, range })
      : await findQuestionHits({ ...options, range });
  const clearAnswer =
    mode === 'text'
      ? hits.length > 0
      : isClearAnswer({
          best: hits[0],
          minimumCoverage: index.settings.clearAnswerMinimumCoverage,
        });
  const wordsOnly = mode === 'question' && index.awaitsVectors(paperId);
  return { paperId, query, mode, hits, clearAnswer, ...(wordsOnly ? { wordsOnly } : {}) };
}

function baseHit(index: FrameIndex, row: number): InPaperHit {
  const frame = index.frameAt(row);
  const context = index.contextOf(row);
  return {
    frameId: frame.id,
    sentenceIndex: frame.sentenceIndex,
    sourceIndex: frame.sourceIndex,
    sectionIndex: frame.sectionIndex,
    sectionTitle: frame.sectionTitle,
    sectionKind: frame.sectionKind ?? 'body',
    sectionRole: frame.sectionRole ?? sectionRoleOfTitle(frame.sectionTitle),
    text: frame.text,
    charStart: frame.charStart,
    charEnd: frame.charEnd,
    contextBefore: context.before,
    contextAfter: context.after,
    score: 0,
    cosine: 0,
    lexical: 0,
    questionLexical: 0,
    wordMatch: 0,
    matchedQuestion: null,
    highlight: null,
  };
}

/** The paper's table rows, for a question that asks for a column's extreme. */
function tableRowsOf(index: FrameIndex, range: { start: number; end: number }): IndexedFrame[] {
  const rows: IndexedFrame[] = [];
  for (let row = range.start; row < range.end; row++) {
    const frame = index.frameAt(row);
    if (frame.sectionKind === 'table') rows.push(frame);
  }
  return rows;
}

async function findQuestionHits(
  options: FindInPaperOptions & { range: { start: number; end: number } },
): Promise<InPaperHit[]> {
  const { index, range, query } = options;
  const limit = index.checkLimit(options.limit ?? defaultQuestionLimit);
  // Never more than one search may return (maxResults): the setting is not a way past that limit.
  const depth = Math.min(Math.floor(index.settings.inPaperRerankDepth), index.settings.maxResults);
  const queryVector = await index.embedQuery(query);
  const bm25 = index.paperBm25(options.paperId);
  const lexical = new Map<number, number>();
  for (const hit of bm25?.search(query, { limit: range.end - range.start }) ?? []) {
    lexical.set(hit.id, hit.score);
  }
  const questionLexical = index.questionLexicalScores(
    query,
    (row) => row >= range.start && row < range.end && index.isAnswerable(row),
  );
  let topBm25 = 0;
  const candidates = [];
  const answerType = answerTypeTest(query);
  const sectionPenalty = sectionPenaltyFor(query);
  const tableCellMatch = tableCellMatchFor(query, tableRowsOf(index, range));
  const wordVectors = index.embedder.wordVectors;
  const wordMatcher = createWordMatcher({ query, wordVectors });
  for (let row = range.start; row < range.end; row++) {
    if (!index.isAnswerable(row)) continue;
    const bm25Score = lexical.get(row) ?? 0;
    topBm25 = Math.max(topBm25, bm25Score);
    const candidate = index.candidateOf({
      row,
      queryVector,
      bm25: bm25Score,
      questionBm25: questionLexical.byFrame.get(row) ?? 0,
      answerType,
      sectionPenalty,
      tableCellMatch,
    });
    candidates.push(candidate);
  }
  const ranked = rankHybrid({
    similarityFloor: index.embedder.similarityFloor ?? 0,
    candidates,
    topBm25,
    alpha: index.settings.inPaperAlpha,
    answerTypeWeight: index.settings.answerTypeWeight,
    questionBm25FullMatch: questionLexical.fullMatch,
    questionLexicalWeight: index.settings.questionLexicalWeight,
    wordMatchWeight: index.settings.inPaperWordMatchWeight,
    sectionPreferenceWeight: index.settings.sectionPreferenceWeight,
    tableCellWeight: index.settings.tableCellWeight,
    ...(wordMatcher
      ? { wordMatchOf: (row: number) => wordMatcher.score(index.contentWordsOf(row)) }
      : {}),
    limit: Math.max(limit, depth),
  });
  const hits = ranked.map((score) => {
    const hit = baseHit(index, score.frame);
    const matched =
      score.matchedQuestionId === null ? undefined : index.question(score.matchedQuestionId);
    const span = highlightAnswerSpan({ question: query, sentence: hit.text });
    return {
      ...hit,
      score: score.score,
      cosine: score.cosine,
      lexical: score.lexical,
      questionLexical: score.questionLexical,
      wordMatch: score.wordMatch,
      matchedQuestion: matched ? { id: matched.id, text: matched.text } : null,
      highlight: span
        ? { ...span, charStart: hit.charStart + span.start, charEnd: hit.charStart + span.end }
        : null,
    };
  });
  const reranked = await rerankOrder({
    query,
    texts: hits.map((hit) => hit.text),
    depth,
    fusionK: index.settings.rerankFusionK,
    rerank: index.embedder.rerank?.bind(index.embedder),
    keep: (position) => hits[position]?.sectionKind === 'table',
    clearScore: index.settings.rerankClearScore,
  });
  return reranked.order.slice(0, limit).map((position) => {
    const hit = hits[position]!;
    const rerankScore = reranked.scores[position];
    return rerankScore === null || rerankScore === undefined ? hit : { ...hit, rerankScore };
  });
}

function findTextHits(
  options: FindInPaperOptions & { range: { start: number; end: number } },
): InPaperHit[] {
  const { index, range } = options;
  const { maxTextMatches, maxPatternCharacters } = index.settings;
  const limit = Math.min(options.limit ?? maxTextMatches, maxTextMatches);
  const rows: number[] = [];
  for (let row = range.start; row < range.end; row++) rows.push(row);
  const matches = findText({
    sentences: rows.map((row) => index.frameAt(row)),
    query: options.query,
    caseSensitive: options.caseSensitive ?? false,
    maxMatches: limit,
    maxPatternCharacters,
  });
  return matches.map((match) => {
    const hit = baseHit(index, rows[match.sentence] ?? range.start);
    return {
      ...hit,
      highlight: {
        start: match.charStart - hit.charStart,
        end: match.charEnd - hit.charStart,
        text: match.text,
        kind: 'match',
        charStart: match.charStart,
        charEnd: match.charEnd,
      },
    };
  });
}
