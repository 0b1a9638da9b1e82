/**
 * @module Ingests dataset catalog files into the store, one transaction per record: a bad record is
 * reported and skipped, and re-running a file changes nothing that is already stored. When a file
 * repeats an id (the DataFinder collection does, 33 times, with other years and titles), the first
 * record wins and the repeats are counted as duplicates; otherwise every re-run would flip the
 * stored record between the versions.
 *
 * Sources merge into one catalog: a record that is the same dataset as one already stored (by a
 * previous run or an earlier file of this run; see merge/plan-catalog-merges.ts) is merged into it
 * (merge/merge-dataset-records.ts) and stored under the existing id, so the first-stored id (a
 * DataFinder name, which the qrels use) stays and no second row appears.
 */
import { toAppError } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import type { Store } from '@quarry/store';
import type { IngestProgressListener } from './ingest-progress.js';
import { countOutcome, emptySummary } from './ingest-summary.js';
import type { IngestSummary } from './ingest-summary.js';
import {
  createCatalogIndex,
  isMergedDataset,
  mergeDatasetRecords,
  planCatalogMerges,
} from './merge/index.js';
import type { CatalogIndex, CatalogMatch } from './merge/index.js';
import { parseDatasetFile } from './parse/index.js';
import type { ParseResult } from './parse/index.js';

export interface IngestDatasetsOptions {
  store: Store;
  files: string[];
  /** Longest accepted JSON Lines line, in bytes. */
  maxLineBytes?: number;
  /**
   * Merge records into stored datasets of other sources (default true). When false, every record
   * is stored under its own id, replacing a stored dataset with that id.
   */
  mergeSources?: boolean;
  onProgress?: IngestProgressListener;
}

/** The parse results of one file, and its records with the repeats of an id left out. */
async function readDatasetFile(
  file: string,
  maxLineBytes: number | undefined,
): Promise<{ results: ParseResult<Dataset>[]; firstOfEachId: Dataset[] }> {
  const parseOptions = maxLineBytes === undefined ? {} : { maxLineBytes };
  const results: ParseResult<Dataset>[] = [];
  const firstOfEachId = new Map<string, Dataset>();
  for await (const result of parseDatasetFile(file, parseOptions)) {
    results.push(result);
    if (result.ok && !firstOfEachId.has(result.value.id)) {
      firstOfEachId.set(result.value.id, result.value);
    }
  }
  return { results, firstOfEachId: [...firstOfEachId.values()] };
}

/** What to store for a record, and whether it was merged into another source record's dataset. */
function recordToStore(
  catalog: CatalogIndex,
  record: Dataset,
  match: CatalogMatch | undefined,
): { dataset: Dataset; merged: boolean } {
  const existing = match === undefined ? undefined : catalog.get(match.targetId);
  if (existing === undefined) return { dataset: record, merged: false };
  // A re-read of a record stored on its own replaces it, as a re-ingest always did.
  const sameRecord =
    existing.id === record.id && existing.source === record.source && !isMergedDataset(existing);
  if (sameRecord) return { dataset: record, merged: false };
  return { dataset: mergeDatasetRecords(existing, record), merged: true };
}

export async function ingestDatasets(options: IngestDatasetsOptions): Promise<IngestSummary> {
  const summary = emptySummary('datasets');
  const mergeSources = options.mergeSources ?? true;
  const catalog = createCatalogIndex(mergeSources ? await options.store.datasets.all() : []);
  let done = 0;
  for (const file of options.files) {
    const { results, firstOfEachId } = await readDatasetFile(file, options.maxLineBytes);
    const plan = mergeSources
      ? planCatalogMerges({ catalog, records: firstOfEachId })
      : new Map<string, CatalogMatch>();
    const idsInFile = new Set<string>();
    for (const result of results) {
      done += 1;
      if (!result.ok) {
        summary.errors.push({ where: result.where, message: result.error.message });
      } else if (idsInFile.has(result.value.id)) {
        summary.duplicates += 1;
      } else {
        idsInFile.add(result.value.id);
        const { dataset, merged } = recordToStore(catalog, result.value, plan.get(result.value.id));
        try {
          countOutcome(summary, await options.store.datasets.upsert(dataset));
          if (merged) summary.merged += 1;
          if (mergeSources) catalog.put(dataset);
        } catch (error) {
          const failure = toAppError(error, {
            code: 'storage_failure',
            message: 'could not store dataset',
          });
          summary.errors.push({ where: result.where, message: failure.message });
        }
      }
      options.onProgress?.({
        done,
        total: null,
        current: result.where,
        errors: summary.errors.length,
      });
    }
  }
  return summary;
}
