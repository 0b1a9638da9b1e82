/**
 * @module The names a catalog record can be matched by (normalised id, name, full name and
 * variants), and the source records a stored dataset was merged from (`extra.mergedFrom`).
 */

import { datasetSourceFormats } from '@quarry/core';
import type { Dataset, DatasetSourceFormat } from '@quarry/core';
import { normalizeName } from '@quarry/text';

/** One source record that went into a stored dataset. */
export interface SourceRecordReference {
  source: DatasetSourceFormat;
  id: string;
}

export interface DatasetMatchKeys {
  /** Normalised id, name and full name: what the dataset is called. */
  nameKeys: Set<string>;
  /** `nameKeys` plus the normalised variants. */
  allKeys: Set<string>;
}

function addKey(keys: Set<string>, name: string | null): void {
  if (name === null) return;
  const key = normalizeName(name);
  if (key !== '') keys.add(key);
}

export function datasetMatchKeys(dataset: Dataset): DatasetMatchKeys {
  const nameKeys = new Set<string>();
  for (const name of [dataset.id, dataset.name, dataset.fullName]) addKey(nameKeys, name);
  const allKeys = new Set(nameKeys);
  for (const variant of dataset.variants) addKey(allKeys, variant);
  return { nameKeys, allKeys };
}

const knownSources = new Set<string>(datasetSourceFormats);

function isSourceRecordReference(value: unknown): value is SourceRecordReference {
  if (typeof value !== 'object' || value === null) return false;
  const { source, id } = value as Record<string, unknown>;
  return typeof source === 'string' && knownSources.has(source) && typeof id === 'string';
}

/** True when the dataset has been merged from more than one source record. */
export function isMergedDataset(dataset: Dataset): boolean {
  return Array.isArray(dataset.extra.mergedFrom);
}

/**
 * The source records behind a stored dataset: `extra.mergedFrom` when it was merged, otherwise the
 * dataset itself.
 */
export function sourceRecordsOf(dataset: Dataset): SourceRecordReference[] {
  const recorded = dataset.extra.mergedFrom;
  if (Array.isArray(recorded)) {
    const references = recorded.filter(isSourceRecordReference);
    if (references.length > 0) return references.map(({ source, id }) => ({ source, id }));
  }
  return [{ source: dataset.source, id: dataset.id }];
}

/** One string per source record, for maps and sets. */
export function sourceRecordKey(reference: SourceRecordReference): string {
  return `${reference.source}\u0000${reference.id}`;
}
