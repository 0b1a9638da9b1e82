/**
 * @module Ingests dataset catalog files into the store, one transaction per record: a bad record is
 * reported and skipped, and re-running a file changes nothing that is already stored. When a file
 * repeats an id (the DataFinder collection does, 33 times, with other years and titles), the first
 * record wins and the repeats are counted as duplicates; otherwise every re-run would flip the
 * stored record between the versions.
 */
import { toAppError } from '@quarry/core';
import type { Store } from '@quarry/store';
import type { IngestProgressListener } from './ingest-progress.js';
import { countOutcome, emptySummary } from './ingest-summary.js';
import type { IngestSummary } from './ingest-summary.js';
import { parseDatasetFile } from './parse/index.js';

export interface IngestDatasetsOptions {
  store: Store;
  files: string[];
  /** Longest accepted JSON Lines line, in bytes. */
  maxLineBytes?: number;
  onProgress?: IngestProgressListener;
}

export async function ingestDatasets(options: IngestDatasetsOptions): Promise<IngestSummary> {
  const summary = emptySummary('datasets');
  let done = 0;
  for (const file of options.files) {
    const idsInFile = new Set<string>();
    const parseOptions =
      options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes };
    for await (const result of parseDatasetFile(file, parseOptions)) {
      done += 1;
      if (!result.ok) {
        summary.errors.push({ where: result.where, message: result.error.message });
      } else if (idsInFile.has(result.value.id)) {
        summary.duplicates += 1;
      } else {
        idsInFile.add(result.value.id);
        try {
          countOutcome(summary, await options.store.datasets.upsert(result.value));
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
