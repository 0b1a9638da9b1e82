/**
 * @module The Papers with Code archive `datasets.json`: one JSON array of dataset objects, read
 * whole (it is a few hundred MB at most), each element converted and reported on its own.
 */

import { readFile } from 'node:fs/promises';
import type { Dataset } from '@quarry/core';
import { datasetFromPapersWithCodeRecord } from './catalog-dataset.js';
import {
  emptyFileError,
  failedRecord,
  parseRecordSafely,
  unreadableFileError,
} from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { describeJsonType, isPlainObject } from './record-fields.js';

/** Names an array element in `where`: `datasets.json#17 (MNIST)`, or by position alone. */
function elementLocation(path: string, position: number, element: unknown): string {
  const name =
    isPlainObject(element) && typeof element.name === 'string' ? ` (${element.name})` : '';
  return `${path}#${position}${name}`;
}

export async function* parsePapersWithCodeDatasetsJsonFile(
  path: string,
): AsyncGenerator<ParseResult<Dataset>> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    yield { ok: false, error: unreadableFileError(path, error), where: path };
    return;
  }
  if (content.trim().length === 0) {
    yield { ok: false, error: emptyFileError(path), where: path };
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    yield failedRecord({
      where: path,
      message: `file is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      fix: 'Use the complete datasets.json from the Papers with Code archive; a truncated download breaks it.',
      cause: error,
    });
    return;
  }
  if (!Array.isArray(parsed)) {
    yield failedRecord({
      where: path,
      message: `expected a JSON array of datasets but found ${describeJsonType(parsed)}`,
      fix: 'Use the Papers with Code datasets.json, which is one array of dataset objects.',
    });
    return;
  }
  if (parsed.length === 0) {
    yield failedRecord({
      where: path,
      message: 'file is an empty array: it holds no datasets',
      fix: 'Check that this is the right file and that it was written completely.',
    });
    return;
  }
  for (const [position, element] of parsed.entries()) {
    const where = elementLocation(path, position, element);
    yield parseRecordSafely(where, () => datasetFromPapersWithCodeRecord(element, where));
  }
}
