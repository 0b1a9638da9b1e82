/**
 * @module Dataset JSON Lines files: the DataFinder collection, our starter catalog, or Papers with
 * Code records one per line; each line's format is told by its fields.
 */

import type { Dataset } from '@quarry/core';
import { datasetFromPapersWithCodeRecord, datasetFromStarterRecord } from './catalog-dataset.js';
import { datasetFromDataFinderRecord, isDataFinderRecordShape } from './datafinder-dataset.js';
import { parseJsonLinesFile } from './json-lines-file.js';
import { invalidInputError } from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { describeJsonType, isPlainObject } from './record-fields.js';

/**
 * Converts one JSON Lines dataset record: `contents` (and no `description`) means DataFinder; an
 * `id` means the starter catalog; otherwise a Papers with Code record, whose id is its `name`.
 */
export function datasetFromJsonLinesRecord(value: unknown, where: string): Dataset {
  if (!isPlainObject(value)) {
    throw invalidInputError({
      where,
      message: `expected a JSON object (one dataset) but found ${describeJsonType(value)}`,
      fix: 'Write one dataset object per line, or remove this line.',
    });
  }
  if (isDataFinderRecordShape(value)) return datasetFromDataFinderRecord(value, where);
  if (!('id' in value) && 'name' in value) return datasetFromPapersWithCodeRecord(value, where);
  return datasetFromStarterRecord(value, where);
}

export function parseDatasetJsonLinesFile(
  path: string,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<ParseResult<Dataset>> {
  return parseJsonLinesFile(path, { ...options, convertRecord: datasetFromJsonLinesRecord });
}
