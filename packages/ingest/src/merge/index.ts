/** @module Catalog merging: one dataset per real dataset across DataFinder, PwC and the CSV. */
export { createCatalogIndex } from './catalog-index.js';
export type { CatalogIndex } from './catalog-index.js';
export {
  datasetMatchKeys,
  isMergedDataset,
  sourceRecordKey,
  sourceRecordsOf,
} from './dataset-match-keys.js';
export type { DatasetMatchKeys, SourceRecordReference } from './dataset-match-keys.js';
export { mergeDatasetRecords } from './merge-dataset-records.js';
export { catalogMatchKinds, planCatalogMerges } from './plan-catalog-merges.js';
export type {
  CatalogMatch,
  CatalogMatchKind,
  PlanCatalogMergesOptions,
} from './plan-catalog-merges.js';
