/**
 * @module Plain-text layout: turns the lines of a text file or a PDF into a title, sections and
 * paragraphs by spotting headings ("Abstract", "1 Introduction", "II. RELATED WORK",
 * "References"…) and blank lines; lines are kept verbatim.
 */

import type { PageStart, ParagraphSection } from './paper-text-builder.js';

export interface TextLine {
  text: string;
  /** Page the line is on, from 1, for PDFs. */
  page: number | null;
}

export interface PlainTextLayout {
  /** The first non-blank line. */
  title: string;
  /** The text under an "Abstract" heading, when there is one. */
  abstract: string | null;
  sections: ParagraphSection[];
}

interface SectionDraft {
  title: string;
  paragraphs: { text: string; pageStarts: PageStart[] }[];
  isAbstract: boolean;
}

/** "Abstract" alone on its line, or "Abstract—", "Abstract:" or "Abstract." before the text. */
const abstractHeadingPattern = /^\s*abstract\s*(?:[-—–:.]\s*|$)/i;
const namedHeadingPattern =
  /^\s*(?:(?:\d+(?:\.\d+)*|[IVXLC]+)\.?\s+)?(?:introduction|related work|background|preliminaries|methods?|methodology|approach|model|experiments?|experimental (?:setup|results)|evaluation|results(?: and discussion)?|discussion|analysis|limitations|future work|conclusions?(?: and future work)?|references|bibliography|acknowledge?ments?|appendix)\s*$/i;
const numberedHeadingPattern = /^\s*(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+\p{Lu}[^.!?:;]{0,80}$/u;
const longestHeadingWords = 10;

/** The heading a line announces, or null for an ordinary line. */
export function headingOfLine(
  line: string,
): { title: string; kind: 'abstract' | 'section' } | null {
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.split(/\s+/).length > longestHeadingWords * 3) return null;
  if (abstractHeadingPattern.test(trimmed)) return { title: 'Abstract', kind: 'abstract' };
  const isShort = trimmed.split(/\s+/).length <= longestHeadingWords;
  if (isShort && (namedHeadingPattern.test(trimmed) || numberedHeadingPattern.test(trimmed))) {
    return { title: trimmed, kind: 'section' };
  }
  return null;
}

/**
 * Lays out lines as sections of paragraphs. The first line is the title, a paragraph of its own;
 * lines before the first heading (title, authors) open
 * the paper: they join the "Abstract" section when the first heading is "Abstract", else form a
 * "Front matter" section; a text without headings is one "Full text" section. Each heading line
 * is a paragraph of its own section.
 */
export function layOutPlainText(lines: readonly TextLine[]): PlainTextLayout {
  const sections: SectionDraft[] = [];
  let paragraph: { text: string; pageStarts: PageStart[] } | null = null;
  let isHeadingSeen = false;

  const currentSection = (): SectionDraft => {
    const last = sections[sections.length - 1];
    if (last) return last;
    const front: SectionDraft = { title: 'Front matter', paragraphs: [], isAbstract: false };
    sections.push(front);
    return front;
  };
  const endParagraph = (): void => {
    if (paragraph && paragraph.text.trim().length > 0) currentSection().paragraphs.push(paragraph);
    paragraph = null;
  };
  const appendLine = (line: TextLine): void => {
    if (paragraph === null) {
      paragraph = {
        text: line.text,
        pageStarts: line.page === null ? [] : [{ offset: 0, page: line.page }],
      };
      return;
    }
    const lastPage = paragraph.pageStarts[paragraph.pageStarts.length - 1]?.page ?? null;
    if (line.page !== null && line.page !== lastPage) {
      paragraph.pageStarts.push({ offset: paragraph.text.length + 1, page: line.page });
    }
    paragraph.text += `\n${line.text}`;
  };

  let isTitleSeen = false;
  for (const line of lines) {
    if (line.text.trim().length === 0) {
      endParagraph();
      continue;
    }
    if (!isTitleSeen) {
      // The first line is the title: a paragraph (and so a sentence) of its own.
      isTitleSeen = true;
      appendLine(line);
      endParagraph();
      continue;
    }
    const heading = headingOfLine(line.text);
    if (heading) {
      endParagraph();
      const isFirstHeading = !isHeadingSeen;
      isHeadingSeen = true;
      const front = sections[0];
      if (heading.kind === 'abstract' && isFirstHeading && front) {
        // Title and authors belong with the abstract in section 0.
        front.title = 'Abstract';
        front.isAbstract = true;
      } else {
        sections.push({
          title: heading.title,
          paragraphs: [],
          isAbstract: heading.kind === 'abstract',
        });
      }
      appendLine(line);
      // A heading alone on its line is a paragraph of its own; "Abstract—We…" runs on.
      if (
        heading.kind === 'section' ||
        line.text.trim().replace(abstractHeadingPattern, '').length === 0
      )
        endParagraph();
      continue;
    }
    appendLine(line);
  }
  endParagraph();

  if (!isHeadingSeen && sections[0]) sections[0].title = 'Full text';
  const title = lines.find((line) => line.text.trim().length > 0)?.text.trim() ?? '';
  return {
    title,
    abstract: abstractOf(sections.find((section) => section.isAbstract)),
    sections: sections.map(({ title: sectionTitle, paragraphs }) => ({
      title: sectionTitle,
      paragraphs,
    })),
  };
}

/** The abstract's text: its section's paragraphs from the "Abstract" heading on, heading word removed. */
function abstractOf(section: SectionDraft | undefined): string | null {
  if (!section) return null;
  const headingPosition = section.paragraphs.findIndex((paragraph) =>
    abstractHeadingPattern.test(paragraph.text),
  );
  if (headingPosition < 0) return null;
  const text = section.paragraphs
    .slice(headingPosition)
    .map((paragraph, position) =>
      (position === 0 ? paragraph.text.replace(abstractHeadingPattern, '') : paragraph.text).trim(),
    )
    .filter((paragraphText) => paragraphText.length > 0)
    .join('\n\n');
  return text.length > 0 ? text : null;
}
