/**
 * @module What the agent says in one turn: a clarifying question with quick replies, a
 * recommendation with dataset cards, sentences from papers that answer a question about them, or a
 * notice (empty, unreadable or over-long input).
 */
import type { Slot } from './slots.js';

export interface DatasetCard {
  datasetId: string;
  name: string;
  fullName: string | null;
  year: number | null;
  modalities: string[];
  tasks: string[];
  languages: string[];
  size: string | null;
  homepage: string | null;
  /** One line on why it fits. */
  why: string;
  /** Sentences from indexed papers that use the dataset. */
  citations: Citation[];
}

export interface Citation {
  paperId: string;
  paperTitle: string;
  sentenceIndex: number;
  text: string;
  /** How closely the sentence matches the question (the search's cosine), when known. */
  relevance?: number;
}

export type AgentReply =
  | { kind: 'clarify'; text: string; slot: Slot; options: string[] }
  | { kind: 'recommend'; text: string; datasets: DatasetCard[] }
  | { kind: 'answer'; text: string; answers: Citation[] }
  | { kind: 'notice'; text: string };
