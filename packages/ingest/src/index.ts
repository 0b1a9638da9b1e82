/** @module Public surface of @quarry/ingest. */
export { ingestDatasets } from './ingest-datasets.js';
export type { IngestDatasetsOptions } from './ingest-datasets.js';
export { ingestPapers } from './ingest-papers.js';
export type { IngestPapersOptions } from './ingest-papers.js';
export type { IngestProgress, IngestProgressListener } from './ingest-progress.js';
export { emptySummary, summaryJson } from './ingest-summary.js';
export {
  createCatalogIndex,
  mergeDatasetRecords,
  planCatalogMerges,
  sourceRecordsOf,
} from './merge/index.js';
export type { CatalogIndex, CatalogMatch, SourceRecordReference } from './merge/index.js';
export type { IngestError, IngestKind, IngestSummary } from './ingest-summary.js';
export {
  catalogRecordOf,
  listPaperFiles,
  parseDatasetFile,
  parsePaperFile,
  readCsvRecords,
} from './parse/index.js';
export type { CsvReadResult } from './parse/index.js';
export { isReadableTitle, readableTitle, withReadableTitle } from './parse/index.js';
export { repairPaperTitles } from './repair-paper-titles.js';
export type { RetitledPaper } from './repair-paper-titles.js';
export type { ParseResult } from './parse/index.js';
export {
  arxivPaperId,
  createArxivOnDemand,
  createPullHttpClient,
  parseArxivId,
  pullArxivPapers,
  pullHubDatasets,
  pullPwcArchive,
} from './pull/index.js';
export type {
  ArxivOnDemand,
  ArxivOnDemandOptions,
  ArxivPaperHeld,
  ArxivRequest,
  PullArxivOptions,
  PullCommonOptions,
  PullHttpSettings,
  PullHubDatasetsOptions,
  PullPwcArchiveOptions,
  PullWait,
} from './pull/index.js';
export { listItemMarkerLength } from './parse/list-item-marker.js';
export { englishWords } from './parse/english-words.js';
