/**
 * @module Entry `@quarry/eval/encoder-training`: the default encoder's trainer and its held-out
 * benchmarks (ReQA on SQuAD, citance to dataset), behind a subpath because it loads ONNX Runtime.
 */
export { pairSourceNames } from './encoder/training/training-pairs.js';
export type { PairSourceName } from './encoder/training/training-pairs.js';
export {
  evaluationBenchmarkNames,
  evaluateModelFolder,
  loadTrainingBenchmarks,
  reportedHybridAlphas,
} from './encoder/training/training-benchmarks.js';
export type {
  EvaluateModelFolderOptions,
  EvaluationBenchmarkName,
  HeldOutEvaluation,
  LoadTrainingBenchmarksOptions,
  NamedBenchmark,
  TrainingBenchmarks,
  ValidationPoint,
} from './encoder/training/training-benchmarks.js';
export {
  defaultSourceWeights,
  trainEncoder,
  trainingPhases,
} from './encoder/training/train-encoder.js';
export type {
  TrainEncoderOptions,
  TrainEncoderResult,
  TrainingHyperParameters,
  TrainingPhase,
  TrainingProgress,
} from './encoder/training/train-encoder.js';
export {
  evaluateRetrieval,
  rankOfFirstRelevant,
  retrievalMethods,
} from './encoder/evaluation/retrieval-evaluation.js';
export type {
  EvaluateRetrievalOptions,
  RankingQuality,
  RetrievalBenchmark,
  RetrievalEvaluation,
  RetrievalMethod,
  RetrievalMethodResult,
  RetrievalQuery,
} from './encoder/evaluation/retrieval-evaluation.js';
export { glovePackage, gloveSource, locateGloveFile } from './encoder/corpora/glove-vectors.js';
export {
  defaultWordVectorVocabulary,
  writeWordVectorChannel,
} from './encoder/training/word-vector-channel.js';
export type { WordVectorChannelResult } from './encoder/training/word-vector-channel.js';
