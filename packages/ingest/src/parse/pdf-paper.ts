/**
 * @module PDF papers, read with pdfjs-dist (legacy Node build) in a worker thread
 * (pdf-text-extraction.ts): page text in content order, lines rebuilt from text positions,
 * paragraphs from vertical gaps, sections from headings; every sentence knows its page. Title from
 * the PDF metadata, else the first line. Text the database cannot store (a symbol font's NUL and
 * other control codes) is replaced as the text items are read (storable-text.ts). The layout
 * (plain-text-layout.ts) joins the lines of a paragraph into running text and rejoins words
 * hyphenated at a line end (line-end-hyphenation.ts); ligatures are spelled out (readable-text.ts).
 * Tables found next to their captions are kept as `table` sections, one sentence per row, and
 * their cells and row boxes in `extra.tables` (stored-tables.ts) for the reader.
 */

import { AppError } from '@quarry/core';
import type { Paper } from '@quarry/core';
import { assembleParagraphSections } from './paper-text-builder.js';
import { invalidInputError } from './parse-result.js';
import { layOutPdfPages } from './pdf-layout/pdf-document-layout.js';
import { extractPdfText } from './pdf-text-extraction.js';
import type { ExtractedPdfText } from './pdf-text-extraction.js';
import { storedTables } from './pdf-layout/stored-tables.js';
import { readableText } from './readable-text.js';
import { storablePaper, storableText } from './storable-text.js';

const junkMetadataTitlePattern = /^(?:untitled|microsoft word\b.*|.*\.(?:docx?|pdf|tex|dvi|ps))$/i;

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
  const layout = layOutPdfPages({ pages: extracted.pages, boxes: extracted.pageBoxes });
  if (layout.sections.length === 0) {
    throw invalidInputError({
      where: options.where,
      message: `the PDF has ${pageCount} page(s) but no extractable text (scanned images?)`,
      fix: 'Run OCR on the PDF first (e.g. ocrmypdf) and ingest the result.',
    });
  }
  const metadataTitle =
    typeof metadataInfo.Title === 'string' ? readableText(storableText(metadataInfo.Title)) : '';
  const useMetadataTitle =
    metadataTitle.length > 0 && !junkMetadataTitlePattern.test(metadataTitle);
  const metadataAuthors = authorsFromMetadata(metadataInfo.Author);
  const assembled = assembleParagraphSections(layout.sections);
  const tables = storedTables(layout.tables, assembled);
  // The store keeps sections as index and title: kinds other than body travel in `extra`.
  const sectionKinds = Object.fromEntries(
    assembled.sections.flatMap((section) =>
      section.kind === undefined ? [] : [[String(section.index), section.kind]],
    ),
  );
  return storablePaper({
    id: options.id,
    title: useMetadataTitle ? metadataTitle : layout.title,
    abstract: layout.abstract,
    year: null,
    authors: metadataAuthors.length > 0 ? metadataAuthors : layout.authors,
    url: null,
    source: 'pdf',
    ...assembled,
    extra: {
      pageCount,
      titleSource: useMetadataTitle ? 'metadata' : 'first-line',
      ...(Object.keys(sectionKinds).length > 0 ? { sectionKinds } : {}),
      ...(tables.length > 0 ? { tables } : {}),
    },
  });
}
