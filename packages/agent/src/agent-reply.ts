/**
 * @module What the agent says in one turn: a clarifying question with quick replies, a
 * recommendation with dataset cards, sentences from papers that answer a question about them, or a
 * notice (empty, unreadable or over-long input).
 */
import type { SectionKind, SectionRole } from '@quarry/core';
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
  /** The paper that introduced it, and where to read it (absent on cards stored before). */
  paperTitle?: string | null;
  paperUrl?: string | null;
  /** Its licence when the catalog knows it, e.g. "CC BY 4.0" (absent on cards stored before). */
  license?: string | null;
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
  /**
   * Where the sentence sits in the paper's layout (`body`, `caption`, `table`, `footnote`, ...)
   * and what part of the paper its section is (`method`, `results`, `related-work`, ...), when
   * known: a table row or a caption can be said to be one.
   */
  sectionKind?: SectionKind;
  sectionRole?: SectionRole;
}

export type AgentReply =
  | { kind: 'clarify'; text: string; slot: Slot; options: string[] }
  | {
      kind: 'recommend';
      text: string;
      datasets: DatasetCard[];
      /** The next best datasets, shown on request ("Show more"); absent on replies stored before. */
      more?: DatasetCard[];
      /**
       * When no dataset fit every constraint: the one lifted to show these, and the reply that
       * lifts it in the conversation (one click in the web chat).
       */
      relaxed?: { label: string; reply: string };
    }
  | { kind: 'answer'; text: string; answers: Citation[] }
  | { kind: 'notice'; text: string };
