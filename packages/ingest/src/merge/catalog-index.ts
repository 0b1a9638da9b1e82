/**
 * @module The catalog as the merge sees it: every stored dataset by id, by normalised key (id,
 * name, full name, variants) and by the source records it was merged from. Kept up to date as an
 * ingest stores records, so later files of the same run match what earlier ones stored.
 */

import type { Dataset, DatasetSourceFormat } from '@quarry/core';
import { datasetMatchKeys, sourceRecordKey, sourceRecordsOf } from './dataset-match-keys.js';
import type { DatasetMatchKeys, SourceRecordReference } from './dataset-match-keys.js';

export interface CatalogIndex {
  get(id: string): Dataset | undefined;
  /** Adds a dataset, or replaces the stored dataset with the same id. */
  put(dataset: Dataset): void;
  /** Ids of the datasets that have `key` among their match keys. */
  idsWithKey(key: string): ReadonlySet<string>;
  matchKeysOf(id: string): DatasetMatchKeys | undefined;
  /** The dataset a source record was stored in (itself, or the dataset it was merged into). */
  idOfSourceRecord(reference: SourceRecordReference): string | undefined;
  /** The sources whose records a dataset holds. */
  sourcesOf(id: string): ReadonlySet<DatasetSourceFormat>;
  readonly size: number;
}

const noIds: ReadonlySet<string> = new Set();
const noSources: ReadonlySet<DatasetSourceFormat> = new Set();

export function createCatalogIndex(datasets: Iterable<Dataset> = []): CatalogIndex {
  const byId = new Map<string, Dataset>();
  const keysById = new Map<string, DatasetMatchKeys>();
  const idsByKey = new Map<string, Set<string>>();
  const idBySourceRecord = new Map<string, string>();

  function remove(id: string): void {
    const previous = byId.get(id);
    if (previous === undefined) return;
    for (const key of keysById.get(id)?.allKeys ?? []) idsByKey.get(key)?.delete(id);
    for (const reference of sourceRecordsOf(previous)) {
      const key = sourceRecordKey(reference);
      if (idBySourceRecord.get(key) === id) idBySourceRecord.delete(key);
    }
    byId.delete(id);
    keysById.delete(id);
  }

  function put(dataset: Dataset): void {
    remove(dataset.id);
    const keys = datasetMatchKeys(dataset);
    byId.set(dataset.id, dataset);
    keysById.set(dataset.id, keys);
    for (const key of keys.allKeys) {
      const ids = idsByKey.get(key);
      if (ids) ids.add(dataset.id);
      else idsByKey.set(key, new Set([dataset.id]));
    }
    for (const reference of sourceRecordsOf(dataset)) {
      idBySourceRecord.set(sourceRecordKey(reference), dataset.id);
    }
  }

  for (const dataset of datasets) put(dataset);

  return {
    get: (id) => byId.get(id),
    put,
    idsWithKey: (key) => idsByKey.get(key) ?? noIds,
    matchKeysOf: (id) => keysById.get(id),
    idOfSourceRecord: (reference) => idBySourceRecord.get(sourceRecordKey(reference)),
    sourcesOf(id) {
      const dataset = byId.get(id);
      if (dataset === undefined) return noSources;
      return new Set(sourceRecordsOf(dataset).map((reference) => reference.source));
    },
    get size() {
      return byId.size;
    },
  };
}
