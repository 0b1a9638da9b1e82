/**
 * @module Plain-text layout: turns the lines of a text file or a PDF into a title, sections and
 * paragraphs by spotting headings ("Abstract", "1 Introduction", "II. RELATED WORK",
 * "References"…) and blank lines. Each line is made readable (readable-text.ts: ligatures spelled
 * out, NFC, whitespace collapsed) and the lines of a paragraph are joined into running text, a word
 * hyphenated at a line end rejoined unless the paper shows it is a compound
 * (line-end-hyphenation.ts), so that no sentence holds a newline or a broken word. A blank line
 * between a line ending in a broken word and a lower-case line (a column or page break the layout
 * took for a paragraph break) does not end the paragraph.
 */

import {
  collectHyphenationEvidence,
  joinWrappedLine,
  judgeLineEndHyphen,
} from './line-end-hyphenation.js';
import type { HyphenationEvidence } from './line-end-hyphenation.js';
import type { PageStart, ParagraphSection } from './paper-text-builder.js';
import { readableText } from './readable-text.js';

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
/** A numbered list item's marker and its first word: "2. Rees", "[3] Smith", "(iv) The". */
const listItemPattern = /^(?:\d{1,3}\.|\[\d{1,3}\]|\((?:\d{1,2}|[ivx]{1,4}|[a-z])\))\s+\S/u;
/** A bulleted list item: "• Each", "◦ Each". */
const bulletPattern = /^[•◦▪●∙]\s+\S/u;

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
export function layOutPlainText(rawLines: readonly TextLine[]): PlainTextLayout {
  const lines = rawLines.map((line) => ({ ...line, text: readableText(line.text) }));
  const evidence = collectHyphenationEvidence(lines.map((line) => line.text));
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
    paragraph.text = joinWrappedLine({ text: paragraph.text, nextLine: line.text, evidence });
    if (line.page !== null && line.page !== lastPage) {
      paragraph.pageStarts.push({
        offset: paragraph.text.length - line.text.length,
        page: line.page,
      });
    }
  };

  let isTitleSeen = false;
  /** A blank line was seen after the paragraph: it ends unless a broken word runs on. */
  let isParagraphBreakPending = false;
  for (const line of lines) {
    if (line.text.length === 0) {
      isParagraphBreakPending = true;
      continue;
    }
    if (isParagraphBreakPending) {
      isParagraphBreakPending = false;
      if (!runsOnBrokenWord(paragraph, line.text, evidence)) endParagraph();
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
    if (paragraph !== null && startsListItem(paragraph, line.text)) endParagraph();
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

/**
 * Whether `line` starts an item of a bulleted list ("• …"), or of a numbered one ("2. Rees, J.A.:
 * …", "[3] …", "(iv) …") after a line that ends in punctuation or a number: such a line starts a
 * paragraph, so that the joined text does not run the marker into the sentence before it.
 */
export function startsListItem(paragraph: { text: string }, line: string): boolean {
  return (
    bulletPattern.test(line) ||
    (listItemPattern.test(line) &&
      /[.;:!?)\d]$/.test(paragraph.text) &&
      !continuesInlineEnumeration(paragraph.text, line))
  );
}

/**
 * Whether a line opening with "(3)" goes on with an enumeration its paragraph runs inline ("… with:
 * (1) proofreading; (2) formatting tables;" / "(3) …"): the label before it stands inside the
 * paragraph, not at its start, as a list's would.
 */
function continuesInlineEnumeration(paragraph: string, line: string): boolean {
  const label = /^\((\d{1,2}|[a-h])\)/u.exec(line)?.[1];
  if (label === undefined) return false;
  const previous = /\d/u.test(label)
    ? String(Number(label) - 1)
    : String.fromCharCode(label.charCodeAt(0) - 1);
  const at = paragraph.indexOf(`(${previous})`);
  return at > 0;
}

/**
 * Whether `nextLine` finishes a word broken at the end of `paragraph` ("… inter-" / "nal …"),
 * across a blank line: then the blank line is a column or page break, not a paragraph break.
 */
function runsOnBrokenWord(
  paragraph: { text: string } | null,
  nextLine: string,
  evidence: HyphenationEvidence,
): boolean {
  if (paragraph === null || headingOfLine(nextLine) !== null) return false;
  return judgeLineEndHyphen({ lineEnd: paragraph.text, nextLine, evidence }) !== null;
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
