/**
 * @module PaperTextBuilder: assembles `Paper.text` section by section and records every sentence
 * with its section, its character offsets into that text and, for PDFs, its page. Paragraphs and
 * sections are separated by a blank line ("\n\n"). Every text appended is made storable first
 * (storable-text.ts: no NUL or other C0 control, no lone surrogate), before sentences are split.
 * In running text (`body` sections) a sentence that opens a list item starts after its marker
 * (list-item-marker.ts): the marker stays in the text, not in the sentence.
 */

import type { Section, SectionKind, Sentence } from '@quarry/core';
import { splitSentences } from '@quarry/text';
import { withoutListItemMarker } from './list-item-marker.js';
import { storableText } from './storable-text.js';

/** Where a new page starts inside a paragraph's text (PDF text runs on across page breaks). */
export interface PageStart {
  offset: number;
  page: number;
}

export interface ParagraphInput {
  text: string;
  /**
   * Kept as one sentence, not split: a heading or a title, which the splitter would cut after a
   * section number ("1.1. Related Work").
   */
  isOneSentence?: boolean;
  /** Page starts in ascending offset order; the first should be at offset 0. */
  pageStarts?: readonly PageStart[];
}

/** How a pre-split sentence is joined to the text before it within a section. */
export type SentenceBreak = 'space' | 'line' | 'paragraph';

export interface AssembledPaperText {
  text: string;
  sections: Section[];
  sentences: Sentence[];
}

export interface ParagraphSection {
  title: string;
  /** What the section holds; absent means running text (`body`). */
  kind?: SectionKind;
  paragraphs: readonly ParagraphInput[];
}

const separators = { space: ' ', line: '\n', paragraph: '\n\n' } as const satisfies Record<
  SentenceBreak,
  string
>;

function pageAtOffset(pageStarts: readonly PageStart[] | undefined, offset: number): number | null {
  let page: number | null = null;
  for (const pageStart of pageStarts ?? []) {
    if (pageStart.offset > offset) break;
    page = pageStart.page;
  }
  return page ?? pageStarts?.[0]?.page ?? null;
}

export class PaperTextBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  private readonly sections: Section[] = [];
  private readonly sentences: Sentence[] = [];
  private isAtSectionStart = true;

  /**
   * Opens a new section; everything appended until the next call belongs to it. A `kind` other
   * than `body` is recorded on the section.
   */
  startSection(title: string, kind: SectionKind = 'body'): number {
    const index = this.sections.length;
    this.sections.push({
      index,
      title: storableText(title),
      ...(kind === 'body' ? {} : { kind }),
    });
    this.isAtSectionStart = true;
    return index;
  }

  /** The section new text goes to; text appended before any section opens one titled "Body". */
  private sectionIndexForAppend(): number {
    if (this.sections.length === 0) this.startSection('Body');
    return this.sections.length - 1;
  }

  /** Appends text after the right separator and returns where it starts. */
  private appendText(text: string, requestedBreak: SentenceBreak): number {
    const separator =
      this.length === 0
        ? ''
        : this.isAtSectionStart
          ? separators.paragraph
          : separators[requestedBreak];
    this.isAtSectionStart = false;
    this.parts.push(separator, text);
    const start = this.length + separator.length;
    this.length = start + text.length;
    return start;
  }

  /**
   * Appends a paragraph verbatim and splits it into sentences. Returns the paragraph's offset in
   * the paper text, or null for a blank paragraph, which adds nothing.
   */
  appendParagraph(paragraph: ParagraphInput): number | null {
    // Same length as the source's text, so `pageStarts` offsets still hold.
    const text = storableText(paragraph.text);
    if (text.trim().length === 0) return null;
    const sectionIndex = this.sectionIndexForAppend();
    const paragraphStart = this.appendText(text, 'paragraph');
    const isRunningText = (this.sections[sectionIndex]?.kind ?? 'body') === 'body';
    for (const split of splitSentences(text)) {
      const span = isRunningText ? withoutListItemMarker(split) : split;
      this.sentences.push({
        index: this.sentences.length,
        sectionIndex,
        text: span.text,
        charStart: paragraphStart + span.start,
        charEnd: paragraphStart + span.end,
        sourceIndex: null,
        page: pageAtOffset(paragraph.pageStarts, span.start),
      });
    }
    return paragraphStart;
  }

  /** Appends a sentence the source already split (SciREX), as one Sentence. */
  appendSentence(options: {
    text: string;
    sentenceBreak: SentenceBreak;
    sourceIndex?: number | null;
    page?: number | null;
  }): Sentence {
    const text = storableText(options.text);
    const sectionIndex = this.sectionIndexForAppend();
    const charStart = this.appendText(text, options.sentenceBreak);
    const sentence: Sentence = {
      index: this.sentences.length,
      sectionIndex,
      text,
      charStart,
      charEnd: charStart + text.length,
      sourceIndex: options.sourceIndex ?? null,
      page: options.page ?? null,
    };
    this.sentences.push(sentence);
    return sentence;
  }

  build(): AssembledPaperText {
    return {
      text: this.parts.join(''),
      sections: [...this.sections],
      sentences: [...this.sentences],
    };
  }
}

/** Assembles sections of paragraphs (S2ORC, QASPER, plain text, PDF) into text and sentences. */
export function assembleParagraphSections(
  sections: readonly ParagraphSection[],
): AssembledPaperText {
  const builder = new PaperTextBuilder();
  for (const section of sections) {
    builder.startSection(section.title, section.kind);
    for (const paragraph of section.paragraphs) {
      if (paragraph.isOneSentence === true && paragraph.text.trim().length > 0) {
        builder.appendSentence({
          text: paragraph.text,
          sentenceBreak: 'paragraph',
          page: paragraph.pageStarts?.[0]?.page ?? null,
        });
      } else {
        builder.appendParagraph(paragraph);
      }
    }
  }
  return builder.build();
}
