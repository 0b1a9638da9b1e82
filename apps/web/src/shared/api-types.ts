/**
 * @module The shapes the web app reads from the API. Most are the server packages' own types,
 * imported as types only (erased from the bundle), so client and server cannot drift apart; the
 * rest are shapes that only a route builds.
 */
import type { Sentence } from '@quarry/core';
import type { Conversation, PaperSummary as StoredPaperSummary, StoredPaper } from '@quarry/store';

export type { Citation, DatasetCard as DatasetCardData } from '@quarry/agent';
export type { Dataset } from '@quarry/core';
export type {
  AnswerHit,
  DatasetMention as DatasetCitation,
  FindInPaperResult as FindResult,
  InPaperHit as FindHit,
  Suggestion,
} from '@quarry/frames';
export type { BrowseResult, BrowseSort, FacetCount } from '@quarry/recommender';
export type PaperSummary = StoredPaperSummary;

/** The `data-clarify` part of a chat reply. */
export interface ClarifyData {
  slot: string;
  options: string[];
}

/** A table of a PDF paper: its `table` section, headers, and each row's sentence and box. */
export interface PaperTable {
  sectionIndex: number;
  label: string;
  caption: string;
  columns: string[];
  rows: {
    sentenceIndex: number;
    cells: string[];
    page: number;
    /** [left, bottom, right, top] in PDF user space (points, y upwards). */
    box: [number, number, number, number];
  }[];
}

/** GET /api/papers/:id: the stored paper with its sentences (frames). */
export type PaperView = Pick<
  StoredPaper,
  'id' | 'title' | 'abstract' | 'year' | 'authors' | 'url' | 'sections'
> & {
  /** The kept original PDF (GET /api/papers/:id/pdf), or null when the paper has none. */
  pdf: { url: string; byteSize: number } | null;
  /** A PDF's tables (apps/api paper-tables.ts); absent or [] for other papers. */
  tables?: PaperTable[];
  sentences: (Pick<
    Sentence,
    'index' | 'sectionIndex' | 'text' | 'charStart' | 'charEnd' | 'page'
  > & {
    /** The frame id. */
    id: string;
  })[];
};

export type ConversationSummary = Pick<Conversation, 'id' | 'title' | 'updatedAt'>;
export type StoredConversation = Conversation;
export type PaperSentence = PaperView['sentences'][number];
