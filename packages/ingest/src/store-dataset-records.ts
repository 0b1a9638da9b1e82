/**
 * @module Stores the parsed records of one catalog file (or one pulled page) the way every dataset
 * ingest does: one transaction per record, a bad record reported and skipped, the first record of
 * a repeated id kept, and records merged into stored datasets of other sources by the merge plan
 * (merge/plan-catalog-merges.ts), made against the catalog as it was before the batch.
 *
 * `links` names, for some records, the stored dataset they are known to describe (a Hugging Face
 * dataset's `paperswithcode_id`); they go there unless they were stored somewhere already.
 * `startAt` resumes an interrupted batch: records before it count for repeated ids but are not
 * stored again.
 */
import { toAppError } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import type { Store } from '@quarry/store';
import type { IngestSummary } from './ingest-summary.js';
import { countOutcome, recordError } from './ingest-summary.js';
import { isMergedDataset, mergeDatasetRecords, planCatalogMerges } from './merge/index.js';
import type { CatalogIndex, CatalogMatch } from './merge/index.js';
import type { ParseResult } from './parse/index.js';

export interface StoreDatasetRecordsOptions {
  store: Store;
  /** The catalog to merge into; null stores every record under its own id. */
  catalog: CatalogIndex | null;
  results: readonly ParseResult<Dataset>[];
  summary: IngestSummary;
  /** Record id -> id of the stored dataset it describes. */
  links?: ReadonlyMap<string, string>;
  /** Position of the first record to store (default 0). */
  startAt?: number;
  /** Called after each record (stored, skipped or failed) with its position. */
  afterRecord?: (position: number, result: ParseResult<Dataset>) => void | Promise<void>;
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

/** The records of a batch with the repeats of an id left out (the first one is kept). */
function firstOfEachId(results: readonly ParseResult<Dataset>[]): Dataset[] {
  const first = new Map<string, Dataset>();
  for (const result of results) {
    if (result.ok && !first.has(result.value.id)) first.set(result.value.id, result.value);
  }
  return [...first.values()];
}

function mergePlan(options: StoreDatasetRecordsOptions): Map<string, CatalogMatch> {
  const { catalog, links } = options;
  if (catalog === null) return new Map();
  const plan = planCatalogMerges({ catalog, records: firstOfEachId(options.results) });
  for (const [recordId, targetId] of links ?? []) {
    if (plan.get(recordId)?.kind === 'source-record' || catalog.get(targetId) === undefined)
      continue;
    plan.set(recordId, { targetId, kind: 'link' });
  }
  return plan;
}

export async function storeDatasetRecords(options: StoreDatasetRecordsOptions): Promise<void> {
  const { store, catalog, summary } = options;
  const plan = mergePlan(options);
  const startAt = options.startAt ?? 0;
  const idsSeen = new Set<string>();
  for (const [position, result] of options.results.entries()) {
    if (position < startAt) {
      if (result.ok) idsSeen.add(result.value.id);
      continue;
    }
    if (!result.ok) {
      recordError(summary, result.where, result.error.message);
    } else if (idsSeen.has(result.value.id)) {
      summary.duplicates += 1;
    } else {
      idsSeen.add(result.value.id);
      const { dataset, merged } =
        catalog === null
          ? { dataset: result.value, merged: false }
          : recordToStore(catalog, result.value, plan.get(result.value.id));
      try {
        countOutcome(summary, await store.datasets.upsert(dataset));
        if (merged) summary.merged += 1;
        catalog?.put(dataset);
      } catch (error) {
        const failure = toAppError(error, {
          code: 'storage_failure',
          message: 'could not store dataset',
        });
        recordError(summary, result.where, failure.message);
      }
    }
    await options.afterRecord?.(position, result);
  }
}
