/**
 * @module Inputs of `quarry eval datasets`: the catalog (ingested into a throw-away embedded
 * database, then read back, so the benchmark exercises the real ingest path), the queries (only
 * `id`, the query field and `year` are read: the annotation fields must not be used), and the
 * optional citances and usage-text files (by default the DataFinder citances and the unlabeled
 * training research descriptions of shared/data, when present).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, readTextFile } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { parseQrels, toTrecId } from '@quarry/eval';
import type { Qrels } from '@quarry/eval';
import { ingestDatasets } from '@quarry/ingest';
import type { IngestProgressListener, IngestSummary } from '@quarry/ingest';
import { citancesFromRecord } from '@quarry/recommender';
import type { DatasetCitances } from '@quarry/recommender';
import { openStore } from '@quarry/store';

export const queryFields = ['query', 'keyphrase_query'] as const;
export type QueryField = (typeof queryFields)[number];

export interface BenchmarkQuery {
  /** The TREC query id: the record's `id`, else its full-sentence query with `_` for spaces. */
  id: string;
  text: string;
  /** The year filter: datasets introduced later are not ranked. */
  year: number | undefined;
}

/** Ingests `collection` into an embedded database in a temporary folder and reads it back. */
export async function loadCatalogThroughStore(options: {
  collection: string;
  maxLineBytes: number;
  onProgress?: IngestProgressListener;
}): Promise<{ datasets: Dataset[]; summary: IngestSummary }> {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-eval-'));
  try {
    const store = await openStore({ location: join(folder, 'db') });
    try {
      const summary = await ingestDatasets({
        store,
        files: [options.collection],
        maxLineBytes: options.maxLineBytes,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      const datasets = await store.datasets.all();
      return { datasets, summary };
    } finally {
      await store.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Every non-empty line of a JSON Lines file, parsed, with its `file:line`. */
export async function readJsonLines(
  path: string,
  what: string,
): Promise<{ value: unknown; where: string }[]> {
  const text = await readTextFile({ path, what: `the ${what} file`, fix: 'check the path' });
  const records: { value: unknown; where: string }[] = [];
  for (const [index, line] of text.split(/\r?\n/u).entries()) {
    if (line.trim() === '') continue;
    const where = `${path}:${index + 1}`;
    try {
      records.push({ value: JSON.parse(line) as unknown, where });
    } catch (error) {
      throw new AppError({
        code: 'invalid_input',
        message: `not a JSON line in the ${what} file`,
        where,
        cause: error,
      });
    }
  }
  return records;
}

export async function readBenchmarkQueries(options: {
  path: string;
  field: QueryField;
}): Promise<BenchmarkQuery[]> {
  const records = await readJsonLines(options.path, 'queries');
  return records.map(({ value, where }) => {
    const record =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const text = record[options.field];
    const sentence = record.query;
    if (typeof text !== 'string' || typeof sentence !== 'string') {
      throw new AppError({
        code: 'invalid_input',
        message: `a query record needs string fields "query" and "${options.field}"`,
        where,
        fix: 'use the DataFinder queries format',
      });
    }
    const id = typeof record.id === 'string' && record.id.trim() !== '' ? record.id : sentence;
    const year = record.year;
    return {
      id: toTrecId(id),
      text,
      year: typeof year === 'number' && Number.isInteger(year) ? year : undefined,
    };
  });
}

/** Reads a citances file; `none` or a missing default gives no citances. */
export async function readCitances(path: string): Promise<DatasetCitances[]> {
  const records = await readJsonLines(path, 'citances');
  return records.map(({ value, where }) => citancesFromRecord(value, where));
}

/**
 * The optional input file to use: the option's value when given (`none` for none), else the file
 * of shared/data when it is there.
 */
export function optionalInputPath(options: {
  given: string | undefined;
  sharedData: string;
  sharedFile: readonly string[];
}): string | null {
  if (options.given === 'none') return null;
  if (options.given !== undefined) return options.given;
  const shared = join(options.sharedData, ...options.sharedFile);
  return existsSync(shared) ? shared : null;
}

/** Non-empty lines of a text file (one research description per line). */
export async function readTextLines(path: string): Promise<string[]> {
  const text = await readTextFile({ path, what: 'the usage texts file', fix: 'check the path' });
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Reads a TREC qrels file (`QID Q0 DOCID REL`, spaces in ids written as `_`). */
export async function readQrelsFile(path: string): Promise<Qrels> {
  const text = await readTextFile({ path, what: 'the qrels file', fix: 'check the path' });
  return parseQrels(text, { where: path });
}
