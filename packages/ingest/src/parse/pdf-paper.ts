/**
 * @module PDF papers, read with pdfjs-dist (legacy Node build) in a worker thread
 * (pdf-text-extraction.ts): page text in content order, lines rebuilt from text positions,
 * paragraphs from vertical gaps, sections from headings; every sentence knows its page. Title from
 * the PDF metadata, else the first line. Text the database cannot store (a symbol font's NUL and
 * other control codes) is replaced as the text items are read (storable-text.ts). The layout
 * (plain-text-layout.ts) joins the lines of a paragraph into running text and rejoins words
 * hyphenated at a line end (line-end-hyphenation.ts); ligatures are spelled out (readable-text.ts).
 */

import { AppError } from '@quarry/core';
import type { Paper } from '@quarry/core';
import { assembleParagraphSections } from './paper-text-builder.js';
import { invalidInputError } from './parse-result.js';
import { extractPdfText } from './pdf-text-extraction.js';
import type { ExtractedPdfText, PositionedText } from './pdf-text-extraction.js';
import { layOutPlainText } from './plain-text-layout.js';
import { readableText } from './readable-text.js';
import { storablePaper, storableText } from './storable-text.js';
import type { TextLine } from './plain-text-layout.js';

interface PositionedLine {
  text: string;
  y: number;
}

/** A vertical gap this many times the page's usual line spacing starts a new paragraph. */
const paragraphGapFactor = 1.6;
/** A horizontal gap this many times the font size between two pieces of text is a space. */
const wordGapFactor = 0.2;
const junkMetadataTitlePattern = /^(?:untitled|microsoft word\b.*|.*\.(?:docx?|pdf|tex|dvi|ps))$/i;

/** Rebuilds the lines of one page from its text items, in the order the PDF draws them. */
function linesOfPage(items: readonly PositionedText[]): PositionedLine[] {
  const lines: PositionedLine[] = [];
  let current: { text: string; y: number; endX: number; fontSize: number } | null = null;
  const endLine = (): void => {
    if (current && current.text.trim().length > 0)
      lines.push({ text: current.text.trimEnd(), y: current.y });
    current = null;
  };
  for (const item of items) {
    const str = storableText(item.str);
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const fontSize = Math.abs(item.height) || Math.abs(item.transform[3] ?? 0) || 1;
    if (str.length > 0) {
      if (current !== null && Math.abs(current.y - y) > fontSize * 0.5) endLine();
      if (current === null) {
        current = { text: str, y, endX: x + item.width, fontSize };
      } else {
        const needsSpace =
          x - current.endX > fontSize * wordGapFactor &&
          !/\s$/.test(current.text) &&
          !/^\s/.test(str);
        current.text += (needsSpace ? ' ' : '') + str;
        current.endX = x + item.width;
      }
    }
    if (item.hasEOL) endLine();
  }
  endLine();
  return lines;
}

/** Adds a blank line wherever the gap to the previous line is much wider than usual on the page. */
function withParagraphBreaks(lines: readonly PositionedLine[], page: number): TextLine[] {
  const gaps = lines
    .slice(1)
    .map((line, position) => (lines[position]?.y ?? line.y) - line.y)
    .filter((gap) => gap > 0);
  const sortedGaps = [...gaps].sort((first, second) => first - second);
  const usualGap = sortedGaps[Math.floor(sortedGaps.length / 2)];
  const result: TextLine[] = [];
  for (const [position, line] of lines.entries()) {
    const previous = lines[position - 1];
    if (previous && usualGap !== undefined && previous.y - line.y > usualGap * paragraphGapFactor) {
      result.push({ text: '', page });
    }
    result.push({ text: line.text, page });
  }
  return result;
}

function authorsFromMetadata(author: unknown): string[] {
  if (typeof author !== 'string') return [];
  return author
    .split(/\s*(?:;|,|\band\b|&)\s*/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

function unreadablePdfError(where: string, cause: unknown): Error {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const isEncrypted = cause instanceof Error && cause.name === 'PasswordException';
  return invalidInputError({
    where,
    message: isEncrypted ? 'the PDF is password-protected' : `unreadable PDF (${detail})`,
    fix: isEncrypted
      ? 'Save an unprotected copy of the PDF and ingest that.'
      : 'Check that the file is a complete, uncorrupted PDF (open it in a viewer), or re-download it.',
    cause,
  });
}

/**
 * Converts the bytes of a PDF, parsed in a worker thread; throws an `invalid_input` AppError for a
 * corrupt, encrypted or text-less (scanned) PDF, or one whose parsing runs past `timeoutMs`.
 */
export async function paperFromPdfBytes(
  bytes: Uint8Array,
  options: {
    id: string;
    where: string;
    /** Milliseconds before parsing is stopped. Default 60 s (`defaultPdfTimeoutMs`). */
    timeoutMs?: number;
  },
): Promise<Paper> {
  let extracted: ExtractedPdfText;
  try {
    extracted = await extractPdfText({
      bytes,
      where: options.where,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadablePdfError(options.where, error);
  }
  const { pageCount, metadataInfo } = extracted;
  const lines: TextLine[] = extracted.pages.flatMap((items, position) =>
    withParagraphBreaks(linesOfPage(items), position + 1),
  );
  if (!lines.some((line) => line.text.trim().length > 0)) {
    throw invalidInputError({
      where: options.where,
      message: `the PDF has ${pageCount} page(s) but no extractable text (scanned images?)`,
      fix: 'Run OCR on the PDF first (e.g. ocrmypdf) and ingest the result.',
    });
  }
  const layout = layOutPlainText(lines);
  const metadataTitle =
    typeof metadataInfo.Title === 'string' ? readableText(storableText(metadataInfo.Title)) : '';
  const useMetadataTitle =
    metadataTitle.length > 0 && !junkMetadataTitlePattern.test(metadataTitle);
  return storablePaper({
    id: options.id,
    title: useMetadataTitle ? metadataTitle : layout.title,
    abstract: layout.abstract,
    year: null,
    authors: authorsFromMetadata(metadataInfo.Author),
    url: null,
    source: 'pdf',
    ...assembleParagraphSections(layout.sections),
    extra: { pageCount, titleSource: useMetadataTitle ? 'metadata' : 'first-line' },
  });
}
