/**
 * @module Reads a file that holds one JSON value (not JSON Lines): unreadable, empty and broken
 * files become one failed record naming the file, so every whole-file format reports them alike.
 */
import { readFile } from 'node:fs/promises';
import { emptyFileError, failedRecord, unreadableFileError } from './parse-result.js';
import type { ParseResult } from './parse-result.js';

export type WholeJsonFile =
  { ok: true; value: unknown } | Extract<ParseResult<never>, { ok: false }>;

export async function readWholeJsonFile(options: {
  path: string;
  /** What to tell the user when the file is not valid JSON. */
  invalidJsonFix: string;
}): Promise<WholeJsonFile> {
  const { path } = options;
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    return { ok: false, error: unreadableFileError(path, error), where: path };
  }
  if (content.trim().length === 0) return { ok: false, error: emptyFileError(path), where: path };
  try {
    return { ok: true, value: JSON.parse(content.replace(/^\uFEFF/, '')) as unknown };
  } catch (error) {
    return failedRecord({
      where: path,
      message: `file is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      fix: options.invalidJsonFix,
      cause: error,
    });
  }
}
