/**
 * @module What the frame index keeps in memory per frame and per question, and the filter a
 * search takes.
 */
import type { SectionKind, SectionRole } from '@quarry/core';
import type { QuestionOrigin } from '@quarry/store';

/** A stored frame with its paper's title and year; its context is read from its neighbours. */
export interface IndexedFrame {
  id: string;
  paperId: string;
  paperTitle: string;
  paperYear: number | null;
  sectionIndex: number;
  sectionTitle: string;
  sentenceIndex: number;
  sourceIndex: number | null;
  text: string;
  charStart: number;
  charEnd: number;
  page: number | null;
  /** The kind of the frame's section; absent means `body`. */
  sectionKind?: SectionKind;
  /** The role of the frame's section (core section-role.ts); absent means not known. */
  sectionRole?: SectionRole;
}

/** A question of a frame's question set Q, with the row of its frame. */
export interface IndexedQuestion {
  id: string;
  /** Row of the frame in the index. */
  frame: number;
  text: string;
  origin: QuestionOrigin;
}

/** Restricts a search; every given condition must hold. */
export interface FrameFilter {
  paperIds?: readonly string[];
  /** Case-insensitive substring of the section title ("experiments"). */
  section?: string;
  /** Inclusive year range of the paper; papers without a year are left out when either is set. */
  yearFrom?: number;
  yearTo?: number;
}
