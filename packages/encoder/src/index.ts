/** @module Public surface of @quarry/encoder. */
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
export {
  readSafetensors,
  safetensorToFloat32,
  safetensorToInt32,
} from './model-files/safetensors-reader.js';
export type { SafetensorsFile, SafetensorsTensor } from './model-files/safetensors-reader.js';
export { encodeOnnxModel, onnxElementTypeCodes } from './onnx/onnx-model-encoder.js';
export type {
  OnnxAttribute,
  OnnxElementType,
  OnnxInitializer,
  OnnxModelDescription,
  OnnxNode,
  OnnxValueInfo,
} from './onnx/onnx-model-encoder.js';
export { OnnxGraphBuilder } from './onnx/onnx-graph-builder.js';
export {
  buildStaticEmbeddingGraph,
  sentenceEmbeddingOutputName,
} from './onnx/static-embedding-graph.js';
export type { StaticEmbeddingGraphOptions } from './onnx/static-embedding-graph.js';
export { defaultHubUrl, downloadHubModel } from './registry/hub-download.js';
export type { DownloadHubModelOptions } from './registry/hub-download.js';
export { loadEmbedder } from './registry/load-embedder.js';
export type { LoadedEmbedder, LoadEmbedderOptions } from './registry/load-embedder.js';
export { defaultModelName, modelSources, resolveModel } from './registry/resolve-model.js';
export {
  defaultSharedDataDirectory,
  repositoryRootDirectory,
  shippedModelsDirectory,
} from './registry/repository-paths.js';
export type { ModelSource, ResolvedModel, ResolveModelOptions } from './registry/resolve-model.js';
export { readDatasetCatalog } from './corpora/dataset-catalog.js';
export type { CatalogDataset, ReadDatasetCatalogOptions } from './corpora/dataset-catalog.js';
export { readDatasetCitances } from './corpora/dataset-citances.js';
export type { DatasetCitance } from './corpora/dataset-citances.js';
export { readSquadArticles } from './corpora/squad-articles.js';
export type { SquadArticle, SquadParagraph, SquadQuestion } from './corpora/squad-articles.js';
export { buildCitanceBenchmark } from './evaluation/citance-benchmark.js';
export type { BuildCitanceBenchmarkOptions } from './evaluation/citance-benchmark.js';
export { buildReqaBenchmark } from './evaluation/reqa-benchmark.js';
export {
  evaluateRetrieval,
  rankOfFirstRelevant,
  retrievalMethods,
} from './evaluation/retrieval-evaluation.js';
export type {
  EvaluateRetrievalOptions,
  RankingQuality,
  RetrievalBenchmark,
  RetrievalEvaluation,
  RetrievalMethod,
  RetrievalMethodResult,
  RetrievalQuery,
} from './evaluation/retrieval-evaluation.js';
export { createSeededRandom } from './training/seeded-random.js';
export type { RandomSource } from './training/seeded-random.js';
export { pairSourceNames } from './training/training-pairs.js';
export type { PairSourceName } from './training/training-pairs.js';
export {
  evaluationBenchmarkNames,
  evaluateModelFolder,
  loadTrainingBenchmarks,
  reportedHybridAlphas,
} from './training/training-benchmarks.js';
export type {
  EvaluateModelFolderOptions,
  EvaluationBenchmarkName,
  HeldOutEvaluation,
  LoadTrainingBenchmarksOptions,
  NamedBenchmark,
  TrainingBenchmarks,
  ValidationPoint,
} from './training/training-benchmarks.js';
export { defaultSourceWeights, trainEncoder, trainingPhases } from './training/train-encoder.js';
export type {
  TrainEncoderOptions,
  TrainEncoderResult,
  TrainingHyperParameters,
  TrainingPhase,
  TrainingProgress,
} from './training/train-encoder.js';
export { quarryEmbeddingModel } from './adapters/ai-sdk-embedding-model.js';
export { QuarryEmbeddings } from './adapters/langchain-embeddings.js';
export type { QuarryEmbeddingsParams } from './adapters/langchain-embeddings.js';
