/**
 * @module Paper, Section and Frame: a paper split into sections and sentences; every sentence is a
 * frame (Talk to Papers / SOCO, section 3) with its context window.
 */
import type { SectionRole } from './section-role.js';

export const paperSourceFormats = ['s2orc', 'scirex', 'qasper', 'pdf', 'text'] as const;
export type PaperSourceFormat = (typeof paperSourceFormats)[number];

/**
 * What a section holds. `body`: running text (the abstract included). The others are kept apart
 * from the running text of a PDF so that no sentence of the body is interrupted by them, and stay
 * searchable as what they are: `front-matter` (title, authors, affiliations), `caption` (a figure
 * or table caption), `footnote` (footnotes and the page-1 copyright block) and `references` (the
 * bibliography, which answer search may down-weight or leave out) and `table` (the rows of a
 * table, one sentence per row, each carrying its caption and column headers).
 */
export const sectionKinds = [
  'body',
  'front-matter',
  'caption',
  'footnote',
  'references',
  'table',
] as const;
export type SectionKind = (typeof sectionKinds)[number];

export interface Section {
  index: number;
  title: string;
  /**
   * Absent means `body`. A stored section keeps it in the `sections` table (migrations/0017); PDF
   * papers also keep the kinds other than `body` in `extra.sectionKinds` (section index -> kind).
   */
  kind?: SectionKind;
  /**
   * What part of the paper the section is, from its heading (section-role.ts): its method,
   * experiments, results, limitations, or its account of related work. Absent: not classified yet
   * (`sectionRolesOf` gives it); a stored section keeps it in the `sections` table.
   */
  role?: SectionRole;
}

/** One sentence of a paper, located by character offsets in its section's text. */
export interface Sentence {
  /** Position of the sentence in the whole paper, from 0. */
  index: number;
  sectionIndex: number;
  text: string;
  /** Offsets into the paper's full text (`Paper.text`), end exclusive. */
  charStart: number;
  charEnd: number;
  /** The source's own sentence index (SciREX `sentences[i]`), when it has one. */
  sourceIndex: number | null;
  /** Page number for PDFs, from 1. */
  page: number | null;
}

export interface Paper {
  id: string;
  title: string;
  abstract: string | null;
  year: number | null;
  authors: string[];
  url: string | null;
  source: PaperSourceFormat;
  /** The paper's text: sections joined, which sentence offsets point into. */
  text: string;
  sections: Section[];
  sentences: Sentence[];
  extra: Record<string, unknown>;
}

/** A stored sentence with its context, the unit of answer retrieval. */
export interface Frame {
  id: string;
  paperId: string;
  sectionIndex: number;
  sectionTitle: string;
  sentenceIndex: number;
  sourceIndex: number | null;
  text: string;
  charStart: number;
  charEnd: number;
  page: number | null;
  contextBefore: string;
  contextAfter: string;
  /** The kind of the frame's section; absent means `body`. */
  sectionKind?: SectionKind;
  /** The role of the frame's section (section-role.ts); absent means not known (`other`). */
  sectionRole?: SectionRole;
}
