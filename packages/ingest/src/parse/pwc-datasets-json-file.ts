/**
 * @module The Papers with Code archive `datasets.json`: one JSON array of dataset objects, read
 * whole (it is a few hundred MB at most), each element converted and reported on its own.
 */

import type { Dataset } from '@quarry/core';
import { datasetFromPapersWithCodeRecord } from './catalog-dataset.js';
import { failedRecord, parseRecordSafely } from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { readWholeJsonFile } from './whole-json-file.js';
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
  const file = await readWholeJsonFile({
    path,
    invalidJsonFix:
      'Use the complete datasets.json from the Papers with Code archive; a truncated download breaks it.',
  });
  if (!file.ok) {
    yield file;
    return;
  }
  const parsed = file.value;
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
