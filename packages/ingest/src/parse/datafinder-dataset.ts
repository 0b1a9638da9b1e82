/**
 * @module DataFinder collection records (`{id, contents, variants, title, year?, date?}`, one per
 * line of `dataset_collection.jsonl`, Viswanathan et al., ACL 2023) as core Datasets.
 */

import type { Dataset } from '@quarry/core';
import { yearFromDate } from './date-fields.js';
import { RecordFields } from './record-fields.js';
import { paperFromTitleAndSource, splitSourceAttribution } from './source-attribution.js';

/** True for a JSON object shaped like a DataFinder record (it has `contents`, not `description`). */
export function isDataFinderRecordShape(value: Record<string, unknown>): boolean {
  return 'contents' in value && !('description' in value);
}

/** Converts one DataFinder record; throws an `invalid_input` AppError naming the bad field. */
export function datasetFromDataFinderRecord(value: unknown, where: string): Dataset {
  const fields = new RecordFields({ value, where, formatName: 'DataFinder' });
  const id = fields.requiredString('id');
  const contents = fields.presentString('contents');
  const variants = fields.stringList('variants');
  const title = fields.optionalString('title');
  const date = fields.optionalString('date');
  const year = fields.optionalInteger('year') ?? yearFromDate(date);
  const { description, descriptionSource, mediaSources } = splitSourceAttribution(contents);
  const { paperTitle, paperUrl } = paperFromTitleAndSource(title, descriptionSource);
  return {
    id,
    name: id,
    fullName: null,
    description,
    year,
    introducedDate: date,
    modalities: [],
    tasks: [],
    languages: [],
    variants,
    paperTitle,
    paperUrl,
    homepage: null,
    numPapers: null,
    size: null,
    source: 'datafinder',
    extra: {
      ...fields.unreadFields(),
      ...(descriptionSource ? { descriptionSource } : {}),
      ...(mediaSources.length > 0 ? { mediaSources } : {}),
    },
  };
}
