/**
 * @module The 2022 Papers with Code CSV scrape (`title,description,owner,date,subtitle,keywords,
 * #downloads,#views,#votes,dataset_slug`) as core Datasets, one result per CSV record.
 */

import type { Dataset } from '@quarry/core';
import { defaultMaxRecordCharacters, readCsvRecords } from './csv-reader.js';
import { isoDateFromDayMonthYear, yearFromDate } from './date-fields.js';
import {
  failedRecord,
  invalidInputError,
  emptyFileError,
  parseRecordSafely,
  unreadableFileError,
} from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { splitSourceAttribution } from './source-attribution.js';

const requiredColumns = ['title', 'description'] as const;
const mappedColumns = new Set(['title', 'description', 'date', 'subtitle']);
const longestFullNameCharacters = 160;

/**
 * A subtitle reads as a full name when it is one short line that is not a sentence
 * ("CelebFaces Attributes Dataset", not "The 19 landmark variant of AFLW.").
 */
export function looksLikeFullName(subtitle: string): boolean {
  return (
    subtitle.length <= longestFullNameCharacters &&
    !/[\r\n]/.test(subtitle) &&
    !/[.!?]$/.test(subtitle)
  );
}

/** Converts one CSV row, keyed by header name; throws an `invalid_input` AppError naming the column. */
export function datasetFromPapersWithCodeCsvRow(
  row: Record<string, string>,
  where: string,
): Dataset {
  const id = (row.title ?? '').trim();
  if (id.length === 0) {
    throw invalidInputError({
      where,
      message: 'column "title" is empty',
      fix: 'Every row needs the dataset name in "title"; fill it in or remove the row.',
    });
  }
  const rawDate = (row.date ?? '').trim();
  const subtitle = (row.subtitle ?? '').trim();
  const { description, descriptionSource, mediaSources } = splitSourceAttribution(
    row.description ?? '',
  );
  const extra: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (!mappedColumns.has(column) && value.trim().length > 0) extra[column] = value.trim();
  }
  if (subtitle.length > 0 && !looksLikeFullName(subtitle)) extra.subtitle = subtitle;
  if (descriptionSource) extra.descriptionSource = descriptionSource;
  if (mediaSources.length > 0) extra.mediaSources = mediaSources;
  return {
    id,
    name: id,
    fullName: subtitle.length > 0 && looksLikeFullName(subtitle) ? subtitle : null,
    description,
    year: yearFromDate(rawDate),
    // The scrape writes day/month/year; a date in any other shape is kept as written.
    introducedDate: rawDate.length > 0 ? (isoDateFromDayMonthYear(rawDate) ?? rawDate) : null,
    modalities: [],
    tasks: [],
    languages: [],
    variants: [],
    // The scrape names no paper; its "Source:" line (kept in extra) is often one that used the dataset.
    paperTitle: null,
    paperUrl: null,
    homepage: null,
    numPapers: null,
    size: null,
    source: 'pwc-csv',
    extra,
  };
}

/**
 * Streams the records of a Papers with Code CSV file. The header row is checked once; a row with
 * the wrong number of fields, an empty title or an unterminated quote is one failed result.
 */
export async function* parsePapersWithCodeCsvFile(
  path: string,
  options: { maxRecordCharacters?: number } = {},
): AsyncGenerator<ParseResult<Dataset>> {
  let header: string[] | null = null;
  try {
    for await (const record of readCsvRecords(path, options)) {
      const where = `${path}:${record.lineNumber}`;
      if (record.kind === 'unterminated-quote') {
        yield failedRecord({
          where,
          message: 'a quoted field is never closed (the file ends inside quotes)',
          fix: 'Close the quote, and double any quote inside a quoted field ("").',
        });
        continue;
      }
      if (record.kind === 'too-long') {
        yield failedRecord({
          where,
          message: `record is ${record.characterCount} characters long, over the limit of ${options.maxRecordCharacters ?? defaultMaxRecordCharacters}`,
          fix: 'Shorten the record, check for an unbalanced quote that swallows following rows, or raise maxRecordCharacters.',
        });
        continue;
      }
      if (header === null) {
        header = record.fields.map((column) => column.trim());
        const missingColumns = requiredColumns.filter((column) => !header?.includes(column));
        if (missingColumns.length > 0) {
          yield failedRecord({
            where,
            message: `header lacks the column(s) ${missingColumns.map((column) => `"${column}"`).join(', ')}`,
            fix: `Start the file with the header row ${requiredColumns.join(',')},… of the Papers with Code CSV scrape.`,
          });
          return;
        }
        continue;
      }
      const columns = header;
      if (record.fields.length !== columns.length) {
        yield failedRecord({
          where,
          message: `row has ${record.fields.length} fields but the header has ${columns.length}`,
          fix: 'Quote any field that contains a comma or a line break, and double quotes inside quoted fields.',
        });
        continue;
      }
      const row = Object.fromEntries(
        columns.map((column, position) => [column, record.fields[position] ?? '']),
      );
      yield parseRecordSafely(where, () => datasetFromPapersWithCodeCsvRow(row, where));
    }
  } catch (error) {
    yield { ok: false, error: unreadableFileError(path, error), where: path };
    return;
  }
  if (header === null) {
    yield { ok: false, error: emptyFileError(path), where: path };
  }
}
