/** @module Public surface of @quarry/testing: helpers for tests only, never for product code. */
export { createHashingEmbedder } from './hashing-embedder.js';
export type { HashingEmbedder } from './hashing-embedder.js';
export { buildMinimalPdf } from './minimal-pdf.js';
export type { MinimalPdfOptions } from './minimal-pdf.js';
export { paperFrom } from './paper-from.js';
export { scirexDocument } from './scirex-document.js';
export { startFakeSlackApi } from './fake-slack-api.js';
export { startLoopbackFixtureServer } from './loopback-fixture-server.js';
export { startFakeChatServer } from './openai-compatible-server.js';
export type { FakeChatServer } from './openai-compatible-server.js';
export { postgresRequired, postgresTestUrl, throwawayPostgres } from './throwaway-postgres.js';
export type { ThrowawayPostgres } from './throwaway-postgres.js';
export type { FixtureHandler, FixtureRequest, FixtureServer } from './loopback-fixture-server.js';
export type { FakeSlackApi, RecordedCall } from './fake-slack-api.js';
export {
  hasSharedData,
  repositoryPath,
  sharedDataDirectory,
  sharedDataPath,
  sharedDataRequired,
} from './shared-data.js';
export {
  adapterSamplePapers,
  readerPaper,
  samplePapers,
  segmentationPaper,
  streetScenesPaper,
  translationPaper,
} from './sample-papers.js';
export {
  adapterSampleCatalog,
  agentSampleCatalog,
  conceptEmbedder,
  recommenderSampleCatalog,
  sampleCitances,
  sampleDataset,
} from './sample-catalogs.js';
export type { SampleCitances } from './sample-catalogs.js';
