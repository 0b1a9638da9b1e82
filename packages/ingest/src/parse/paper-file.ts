/**
 * @module parsePaperFile: reads any supported paper file (SciREX, S2ORC / doc2json and QASPER
 * JSON, JSON Lines of SciREX or S2ORC documents, PDF, plain text), one result per paper, each
 * with a human-readable title (see paper-title.ts).
 */

import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Paper } from '@quarry/core';
import { parseJsonLinesFile } from './json-lines-file.js';
import {
  failedRecord,
  failedRecordFromThrown,
  invalidInputError,
  parseRecordSafely,
  unreadableFileError,
} from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { readWholeJsonFile } from './whole-json-file.js';
import { openingTextOf, readableTitle } from './paper-title.js';
import { paperFromPdfBytes } from './pdf-paper.js';
import { isQasperCollectionShape, papersFromQasperCollection } from './qasper-paper.js';
import { describeJsonType, isPlainObject } from './record-fields.js';
import { isS2orcDocumentShape, paperFromS2orcDocument } from './s2orc-paper.js';
import { isSciRexDocumentShape, paperFromSciRexDocument } from './scirex-paper.js';
import { storablePaper } from './storable-text.js';
import { paperFromPlainText } from './text-paper.js';

export interface ParsePaperFileOptions {
  /** Longest JSON Lines line, in bytes (default 8 MiB); a longer line is one failed result. */
  maxLineBytes?: number;
  /** Longest time parsing one PDF may take, in milliseconds (default 60 s); then it is an error. */
  pdfTimeoutMs?: number;
}

/** The paper id of a PDF or text file: its name without the extension. */
function idFromFileName(path: string): string {
  return basename(path, extname(path));
}

/**
 * Converts one SciREX or S2ORC document, told apart by their fields. `fileStem` names the file a
 * document came from when it had a file of its own (see paperFromS2orcDocument).
 */
export function paperFromJsonDocument(
  value: unknown,
  where: string,
  options: { fileStem?: string } = {},
): Paper {
  if (isPlainObject(value) && isSciRexDocumentShape(value))
    return paperFromSciRexDocument(value, where);
  if (isPlainObject(value) && isS2orcDocumentShape(value))
    return paperFromS2orcDocument(value, where, options);
  throw invalidInputError({
    where,
    message: isPlainObject(value)
      ? `not a paper format this parser knows (fields: ${Object.keys(value).slice(0, 8).join(', ') || 'none'})`
      : `expected a JSON object but found ${describeJsonType(value)}`,
    fix: 'Give a SciREX document (doc_id, words, sentences, sections), an S2ORC / doc2json paper (paper_id, …) or a QASPER file.',
  });
}

function* papersFromJsonValue(value: unknown, path: string): Generator<ParseResult<Paper>> {
  if (Array.isArray(value)) {
    for (const [position, element] of value.entries()) {
      const where = `${path}#${position}`;
      yield parseRecordSafely(where, () => paperFromJsonDocument(element, where));
    }
    return;
  }
  if (
    isPlainObject(value) &&
    !isSciRexDocumentShape(value) &&
    !isS2orcDocumentShape(value) &&
    isQasperCollectionShape(value)
  ) {
    yield* papersFromQasperCollection(value, path);
    return;
  }
  yield parseRecordSafely(path, () =>
    paperFromJsonDocument(value, path, { fileStem: idFromFileName(path) }),
  );
}

async function* parsePaperJsonFile(path: string): AsyncGenerator<ParseResult<Paper>> {
  const file = await readWholeJsonFile({
    path,
    invalidJsonFix:
      'Check that the file was written completely; for one document per line, name it .jsonl.',
  });
  if (!file.ok) {
    yield file;
    return;
  }
  yield* papersFromJsonValue(file.value, path);
}

async function parsePaperBinaryOrTextFile(
  path: string,
  kind: 'pdf' | 'text',
  pdfTimeoutMs?: number,
): Promise<ParseResult<Paper>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { ok: false, error: unreadableFileError(path, error), where: path };
  }
  const options = { id: idFromFileName(path), where: path };
  if (kind === 'text')
    return parseRecordSafely(path, () => paperFromPlainText(bytes.toString('utf8'), options));
  try {
    const value = await paperFromPdfBytes(bytes, {
      ...options,
      ...(pdfTimeoutMs === undefined ? {} : { timeoutMs: pdfTimeoutMs }),
    });
    return { ok: true, value, where: path };
  } catch (error) {
    return failedRecordFromThrown(error, path);
  }
}

/**
 * The paper with a title that reads as one: a source's id, hash, "about:blank" or bare heading is
 * replaced by one derived from the paper's opening text; the source's title is kept in
 * `extra.sourceTitle` and `extra.titleSource` says where the title came from.
 */
export function withReadableTitle(paper: Paper): Paper {
  const derived = readableTitle({
    id: paper.id,
    title: paper.title,
    openingText: openingTextOf(paper),
    text: paper.text,
    runIn: paper.source === 'scirex' && paper.sections.length === 1,
  });
  if (derived.source === 'kept') return { ...paper, title: derived.title };
  return {
    ...paper,
    title: derived.title,
    extra: { ...paper.extra, titleSource: derived.source, sourceTitle: paper.title },
  };
}

/**
 * Yields one result per paper in the file, by extension: `.pdf`, `.txt`, `.json` (a SciREX or
 * S2ORC document, a QASPER collection, or an array of documents) and `.jsonl` (one SciREX or S2ORC
 * document per line). Never throws: an unreadable or unsupported file is one failed result. Every
 * string of a paper is storable (storable-text.ts), whatever the source held.
 */
export async function* parsePaperFile(
  path: string,
  options: ParsePaperFileOptions = {},
): AsyncGenerator<ParseResult<Paper>> {
  for await (const result of parseAnyPaperFile(path, options))
    yield result.ok ? { ...result, value: withReadableTitle(storablePaper(result.value)) } : result;
}

async function* parseAnyPaperFile(
  path: string,
  options: ParsePaperFileOptions,
): AsyncGenerator<ParseResult<Paper>> {
  const extension = extname(path).toLowerCase();
  if (extension === '.pdf')
    yield await parsePaperBinaryOrTextFile(path, 'pdf', options.pdfTimeoutMs);
  else if (extension === '.txt') yield await parsePaperBinaryOrTextFile(path, 'text');
  else if (extension === '.json') yield* parsePaperJsonFile(path);
  else if (extension === '.jsonl' || extension === '.ndjson') {
    yield* parseJsonLinesFile(path, {
      ...options,
      convertRecord: (value, where) => paperFromJsonDocument(value, where),
    });
  } else {
    yield failedRecord({
      where: path,
      message: `unsupported paper file type "${extension || '(none)'}"`,
      fix: 'Give a .pdf, .txt, .json or .jsonl file.',
    });
  }
}
