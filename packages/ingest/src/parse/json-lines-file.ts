/**
 * @module JSON Lines files: one JSON value per line, read as a stream with a per-line byte limit,
 * each line converted and reported on its own (blank lines skipped, an empty file one error).
 */

import { defaultMaxLineBytes, readLines } from './line-reader.js';
import {
  emptyFileError,
  failedRecord,
  parseRecordSafely,
  unreadableFileError,
} from './parse-result.js';
import type { ParseResult } from './parse-result.js';

export interface JsonLinesFileOptions<T> {
  /** Longest line accepted, in bytes (default 8 MiB); a longer line is one failed result. */
  maxLineBytes?: number;
  /** Converts one parsed line; throws an `invalid_input` AppError for a bad record. */
  convertRecord: (value: unknown, where: string) => T;
}

/** Reports why a line is not JSON, with the parser's own words (they give the position). */
function brokenJsonMessage(error: unknown): string {
  return `line is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
}

export async function* parseJsonLinesFile<T>(
  path: string,
  options: JsonLinesFileOptions<T>,
): AsyncGenerator<ParseResult<T>> {
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  let recordCount = 0;
  try {
    for await (const line of readLines(path, { maxLineBytes })) {
      const where = `${path}:${line.lineNumber}`;
      if (line.kind === 'too-long') {
        recordCount += 1;
        yield failedRecord({
          where,
          message: `line is ${line.byteLength} bytes long, over the limit of ${maxLineBytes} bytes`,
          fix: 'Split or shorten the record, or raise maxLineBytes if such records are expected.',
        });
        continue;
      }
      if (line.text.trim().length === 0) continue;
      recordCount += 1;
      let value: unknown;
      try {
        value = JSON.parse(line.text);
      } catch (error) {
        yield failedRecord({
          where,
          message: brokenJsonMessage(error),
          fix: 'Write exactly one complete JSON object per line (JSON Lines), with no line breaks inside it.',
          cause: error,
        });
        continue;
      }
      yield parseRecordSafely(where, () => options.convertRecord(value, where));
    }
  } catch (error) {
    yield { ok: false, error: unreadableFileError(path, error), where: path };
    return;
  }
  if (recordCount === 0) yield { ok: false, error: emptyFileError(path), where: path };
}
