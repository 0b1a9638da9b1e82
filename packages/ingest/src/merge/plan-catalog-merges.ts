/**
 * @module planCatalogMerges: decides, for every record of one catalog file, which stored dataset
 * (if any) it is the same dataset as. The plan is made against the catalog as it was before the
 * file, so the records of one file never merge with each other, and it does not depend on the
 * order of the file's records.
 *
 * A record goes to, in this order:
 * 1. the dataset it was stored in before (its `{source, id}` is the dataset or in its
 *    `extra.mergedFrom`): re-running an ingest finds the same rows;
 * 2. the dataset with the same id (ids are names, so the same id is the same dataset);
 * 3. the dataset found by a normalised key (id, name, full name or variant) that is unambiguous on
 *    both sides: exactly one stored dataset and exactly one record of the file have it, and the
 *    dataset holds no record of the incoming source yet (one source never lists one dataset
 *    twice). When such keys point at several datasets, a name-to-name key decides if it points at
 *    one; otherwise the record is not merged. A dataset that several records of the file reach by
 *    key, or that one of them reaches by rule 1 or 2, takes none of them by key.
 */

import type { Dataset } from '@quarry/core';
import type { CatalogIndex } from './catalog-index.js';
import { datasetMatchKeys } from './dataset-match-keys.js';

/** `link`: not found by the plan but named by the source (see store-dataset-records.ts). */
export const catalogMatchKinds = ['source-record', 'id', 'name', 'variant', 'link'] as const;
export type CatalogMatchKind = (typeof catalogMatchKinds)[number];

export interface CatalogMatch {
  /** The id of the stored dataset the record belongs to. */
  targetId: string;
  /** The rule that matched: see the module comment. */
  kind: CatalogMatchKind;
}

export interface PlanCatalogMergesOptions {
  catalog: CatalogIndex;
  /** The file's records, one per id. */
  records: readonly Dataset[];
}

function addToSetMap(map: Map<string, Set<string>>, key: string, value: string): void {
  const values = map.get(key);
  if (values) values.add(value);
  else map.set(key, new Set([value]));
}

function matchByKey(
  catalog: CatalogIndex,
  record: Dataset,
  recordIdsByKey: ReadonlyMap<string, ReadonlySet<string>>,
): CatalogMatch | null {
  const keys = datasetMatchKeys(record);
  const byName = new Set<string>();
  const byAnyKey = new Set<string>();
  for (const key of keys.allKeys) {
    const storedIds = catalog.idsWithKey(key);
    if (storedIds.size !== 1 || recordIdsByKey.get(key)?.size !== 1) continue;
    const [targetId] = storedIds;
    if (targetId === undefined || catalog.sourcesOf(targetId).has(record.source)) continue;
    byAnyKey.add(targetId);
    if (keys.nameKeys.has(key) && catalog.matchKeysOf(targetId)?.nameKeys.has(key)) {
      byName.add(targetId);
    }
  }
  if (byAnyKey.size === 1) {
    const [targetId] = byAnyKey;
    if (targetId !== undefined) {
      return { targetId, kind: byName.has(targetId) ? 'name' : 'variant' };
    }
  }
  if (byName.size === 1) {
    const [targetId] = byName;
    if (targetId !== undefined) return { targetId, kind: 'name' };
  }
  return null;
}

/** The stored dataset each record belongs to, by record id; records not in the map are new. */
export function planCatalogMerges(options: PlanCatalogMergesOptions): Map<string, CatalogMatch> {
  const { catalog, records } = options;
  const recordIdsByKey = new Map<string, Set<string>>();
  for (const record of records) {
    for (const key of datasetMatchKeys(record).allKeys) addToSetMap(recordIdsByKey, key, record.id);
  }

  const plan = new Map<string, CatalogMatch>();
  const keyClaims = new Map<string, Set<string>>();
  const directlyClaimed = new Set<string>();
  for (const record of records) {
    const storedIn = catalog.idOfSourceRecord({ source: record.source, id: record.id });
    if (storedIn !== undefined) {
      plan.set(record.id, { targetId: storedIn, kind: 'source-record' });
      directlyClaimed.add(storedIn);
    } else if (catalog.get(record.id) !== undefined) {
      plan.set(record.id, { targetId: record.id, kind: 'id' });
      directlyClaimed.add(record.id);
    } else {
      const match = matchByKey(catalog, record, recordIdsByKey);
      if (match) {
        plan.set(record.id, match);
        addToSetMap(keyClaims, match.targetId, record.id);
      }
    }
  }
  for (const [targetId, recordIds] of keyClaims) {
    if (recordIds.size === 1 && !directlyClaimed.has(targetId)) continue;
    for (const recordId of recordIds) plan.delete(recordId);
  }
  return plan;
}
