/** @module Public surface of @quarry/encoder: the runtime — the ONNX embedder, model folders and import, the model registry. Model building and the AI SDK adapter sit behind the `/model-building` and `/ai-sdk` subpaths. */
export { createOnnxEmbedder } from './embedder/onnx-embedder.js';
export type {
  CreateOnnxEmbedderOptions,
  EncoderDebugLogger,
  OnnxEmbedder,
} from './embedder/onnx-embedder.js';
export { l2Normalise } from './embedder/pooling.js';
export { createTextTokenizer } from './embedder/text-tokenizer.js';
export type {
  CreateTextTokenizerOptions,
  TextTokenizer,
  TokenizedText,
} from './embedder/text-tokenizer.js';
export {
  detectModelFolderKind,
  modelFolderKinds,
  poolingModes,
  readModelFolder,
} from './model-files/model-folder.js';
export type {
  ModelFolderDescription,
  ModelFolderKind,
  PoolingMode,
} from './model-files/model-folder.js';
export { importModel2Vec } from './model-files/model2vec-import.js';
export type {
  ImportedModelSummary,
  ImportModel2VecOptions,
} from './model-files/model2vec-import.js';
export { defaultHubUrl, downloadHubModel } from './registry/hub-download.js';
export type { DownloadHubModelOptions } from './registry/hub-download.js';
export { loadEmbedder } from './registry/load-embedder.js';
export { createWorkerEmbedder } from './embedder/worker-embedder.js';
export { createOnnxReranker } from './reranker/onnx-reranker.js';
export type { CreateOnnxRerankerOptions, OnnxReranker } from './reranker/onnx-reranker.js';
export {
  decodePassageVectorTable,
  encodePassageVectorTable,
  passageKey,
  passageVectorFormat,
  readPassageVectorTable,
  withPassageVectorTable,
  writePassageVectorTable,
} from './passage-vectors/passage-vector-table.js';
export type { PassageVectorTable } from './passage-vectors/passage-vector-table.js';
export type {
  EmbedderThread,
  LoadedEmbedder,
  LoadEmbedderOptions,
} from './registry/load-embedder.js';
export { defaultModelName, modelSources, resolveModel } from './registry/resolve-model.js';
export {
  defaultSharedDataDirectory,
  repositoryRootDirectory,
  shippedModelsDirectory,
} from './registry/repository-paths.js';
export type { ModelSource, ResolvedModel, ResolveModelOptions } from './registry/resolve-model.js';
export {
  createWordVectors,
  quantiseWordVectors,
  readWordVectorFiles,
  wordVectorFileNames,
  writeWordVectorFiles,
} from './word-vectors/word-vectors-file.js';
export type { WordVectorsDescription } from './word-vectors/word-vectors-file.js';
export { withStoredPassageVectors } from './passage-vectors/stored-passage-vectors.js';
export type { StoredPassageVectors } from './passage-vectors/stored-passage-vectors.js';
