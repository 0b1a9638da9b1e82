/**
 * @module The shapes the web app reads from the API. Most are the server packages' own types,
 * imported as types only (erased from the bundle), so client and server cannot drift apart; the
 * rest are shapes that only a route builds.
 */
import type { Conversation, PaperSummary as StoredPaperSummary } from '@quarry/store';

export type { Citation, DatasetCard as DatasetCardData } from '@quarry/agent';
export type { Dataset } from '@quarry/core';
export type {
  AnswerHit,
  DatasetMention as DatasetCitation,
  FindInPaperResult as FindResult,
  InPaperHit as FindHit,
  Suggestion,
} from '@quarry/frames';
export type { BrowseResult, FacetCount } from '@quarry/recommender';
export type PaperSummary = StoredPaperSummary;

/** The `data-clarify` part of a chat reply. */
export interface ClarifyData {
  slot: string;
  options: string[];
}

/** GET /api/papers/:id. */
export interface PaperView {
  id: string;
  title: string;
  abstract: string | null;
  year: number | null;
  authors: string[];
  url: string | null;
  sections: { index: number; title: string }[];
  sentences: {
    id: string;
    index: number;
    sectionIndex: number;
    text: string;
    charStart: number;
    charEnd: number;
  }[];
}

export type ConversationSummary = Pick<Conversation, 'id' | 'title' | 'updatedAt'>;
export type StoredConversation = Conversation;
export type PaperSentence = PaperView['sentences'][number];
