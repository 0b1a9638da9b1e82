/** @module Public surface of @quarry/langchain: LangChain retrievers and tools over Quarry. */
export { answerDocument } from './answer-document.js';
export type { AnswerDocumentMetadata } from './answer-document.js';
export { defaultAnswerCount, QuarryAnswerRetriever } from './answer-retriever.js';
export type { QuarryAnswerRetrieverInput } from './answer-retriever.js';
export { datasetDocument, datasetSummary } from './dataset-document.js';
export type { DatasetDocumentMetadata } from './dataset-document.js';
export { defaultDatasetCount, QuarryDatasetRetriever } from './dataset-retriever.js';
export type { QuarryDatasetRetrieverInput } from './dataset-retriever.js';
export { catalogById, checkResultCount, searchDatasets } from './dataset-search.js';
export type {
  DatasetCitation,
  DatasetSearchFilters,
  DatasetSearchSource,
  FoundDataset,
  SearchDatasetsOptions,
} from './dataset-search.js';
export { checkPaperId, resolveFrameIndex } from './frame-index-source.js';
export type { FrameIndexSource } from './frame-index-source.js';
export {
  answerFromPapersSchema,
  createAnswerFromPapersTool,
} from './tools/answer-from-papers-tool.js';
export type {
  AnswerFromPapersInput,
  AnswerFromPapersTool,
  AnswerFromPapersToolOptions,
} from './tools/answer-from-papers-tool.js';
export {
  createFindInPaperTool,
  defaultFindCount,
  findInPaperSchema,
} from './tools/find-in-paper-tool.js';
export type {
  FindInPaperInput,
  FindInPaperTool,
  FindInPaperToolOptions,
} from './tools/find-in-paper-tool.js';
export { createQuarryTools, quarryToolNames } from './tools/quarry-tools.js';
export type { CreateQuarryToolsOptions, QuarryTool, QuarryToolName } from './tools/quarry-tools.js';
export {
  createRecommendDatasetsTool,
  recommendDatasetsSchema,
} from './tools/recommend-datasets-tool.js';
export type {
  RecommendDatasetsInput,
  RecommendDatasetsTool,
  RecommendDatasetsToolOptions,
} from './tools/recommend-datasets-tool.js';
export { maxToolResults } from './tools/tool-input.js';
export { roundScore, toolJson } from './tools/tool-output.js';
export { QuarryEmbeddings } from './quarry-embeddings.js';
export type { QuarryEmbeddingsParams } from './quarry-embeddings.js';
