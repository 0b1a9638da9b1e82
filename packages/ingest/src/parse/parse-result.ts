/**
 * @module ParseResult: the outcome of parsing one record of a source file, reported on its own so
 * that one bad record never stops the rest of the file.
 */

import { AppError } from '@quarry/core';

/**
 * One parsed record, or why it could not be parsed. `where` names the file and the record, e.g.
 * `dataset_collection.jsonl:17`, `papers/abc.json` or `qasper.json#paper 1902.00751`.
 */
export type ParseResult<T> =
  { ok: true; value: T; where: string } | { ok: false; error: AppError; where: string };

export function parsedRecord<T>(value: T, where: string): ParseResult<T> {
  return { ok: true, value, where };
}

export interface InvalidInputOptions {
  where: string;
  /** What is wrong, e.g. `field "id" is missing`. */
  message: string;
  /** What the user can do about it. */
  fix: string;
  cause?: unknown;
}

/** The `invalid_input` AppError every parser reports. */
export function invalidInputError(options: InvalidInputOptions): AppError {
  return new AppError({ code: 'invalid_input', ...options });
}

export function failedRecord<T>(options: InvalidInputOptions): ParseResult<T> {
  return { ok: false, error: invalidInputError(options), where: options.where };
}

/**
 * Runs a record converter and turns what it throws into a failed result for that record, so a
 * converter can simply throw `invalidInputError(...)` at the first problem it finds.
 */
export function parseRecordSafely<T>(where: string, convert: () => T): ParseResult<T> {
  try {
    return parsedRecord(convert(), where);
  } catch (error) {
    return failedRecordFromThrown(error, where);
  }
}

/** A failed result for anything thrown while parsing one record; AppErrors pass through as they are. */
export function failedRecordFromThrown<T>(error: unknown, where: string): ParseResult<T> {
  if (error instanceof AppError) return { ok: false, error, where };
  const detail = error instanceof Error ? error.message : String(error);
  return failedRecord({
    where,
    message: `could not parse the record: ${detail}`,
    fix: 'Check that the record follows the documented format, or remove it.',
    cause: error,
  });
}

/** The error for a file that could not be opened or read (missing, a folder, no permission). */
export function unreadableFileError(path: string, cause: unknown): AppError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return invalidInputError({
    where: path,
    message: `cannot read the file: ${detail}`,
    fix: 'Check the path and that the file is readable.',
    cause,
  });
}

/** The error for a file with nothing in it. */
export function emptyFileError(path: string): AppError {
  return invalidInputError({
    where: path,
    message: 'file is empty',
    fix: 'Check that this is the right file and that it was written completely.',
  });
}
