/**
 * @module The one search interface the server uses for answers, in-paper search and suggestions,
 * with two backends behind it: `memory` (the frame index held in the process, for embedded PGlite
 * and small collections) and `postgres` (the database is the index: HNSW for the dense side, BM25F
 * from stored term frequencies and corpus statistics). Both score candidates with the same pure
 * ranker (hybrid-ranking.ts); see docs/decisions/0006-search-in-postgresql.md.
 */
import type { QuestionOrigin } from '@quarry/store';
import type { FindInPaperResult, FindMode } from '../find-in-paper.js';
import type { AnswerSearchOptions, AnswerSearchResult } from '../answer-hit.js';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import type { Suggestion } from '../suggest.js';

export const answerSearchBackends = ['memory', 'postgres'] as const;
export type AnswerSearchBackend = (typeof answerSearchBackends)[number];

export interface PaperFindQuery {
  paperId: string;
  query: string;
  mode: FindMode;
  limit?: number;
  caseSensitive?: boolean;
}

export interface SuggestQuery {
  query: string;
  limit?: number;
  paperId?: string;
}

export interface FaqQuery {
  frameId?: string;
  paperId?: string;
  limit?: number;
}

export interface SearchableQuestion {
  id: string;
  frameId: string;
  text: string;
  origin: QuestionOrigin;
}

/** A stored sentence found by its words (`sentencesMatching`). */
export interface MatchingSentence {
  frameId: string;
  paperId: string;
  paperTitle: string;
  /** The heading of the sentence's section: a citation never comes from the references. */
  sectionTitle: string;
  sentenceIndex: number;
  text: string;
}

export interface AnswerSearch {
  readonly backend: AnswerSearchBackend;
  readonly settings: FrameIndexSettings;
  /** Answer search over every paper the filter lets through, best first. */
  search(options: AnswerSearchOptions): Promise<AnswerSearchResult>;
  /** Natural-language or text Ctrl+F inside one paper. */
  findInPaper(options: PaperFindQuery): Promise<FindInPaperResult>;
  suggest(options: SuggestQuery): Promise<Suggestion[]>;
  /** "You may also want to know": questions for a frame or a paper. */
  faq(options: FaqQuery): Promise<Suggestion[]>;
  /** Every searchable paper's title, by paper id. */
  paperTitles(): Promise<Map<string, string>>;
  /**
   * The answerable sentences that best match `query` by their words alone (BM25, best first), for
   * look-ups that need a word in the sentence: a dataset's citations. Without it, `search` is used.
   */
  sentencesMatching?(query: string, limit: number): Promise<MatchingSentence[]>;
  /**
   * A question just stored for a frame (an annotation): embedded now, so the next search can match
   * it. A question the backend already holds keeps its origin.
   */
  addQuestion(question: SearchableQuestion): Promise<void>;
  /** A question just deleted from the store. */
  removeQuestion(questionId: string): Promise<void>;
}
