/**
 * @module The benchmarks a training run reports: encoder-alone validation of the in-memory model
 * while it trains, and BM25 / encoder / hybrid evaluation of the exported ONNX folder afterwards.
 */
import { join } from 'node:path';
import { readDatasetCatalog } from '../corpora/dataset-catalog.js';
import { readDatasetCitances } from '../corpora/dataset-citances.js';
import { createOnnxEmbedder } from '@quarry/encoder';
import { buildCitanceBenchmark } from '../evaluation/citance-benchmark.js';
import { reqaCandidatePool } from '../../frames/reqa-benchmark.js';
import { readSquadBenchmark } from '../../frames/squad-frames.js';
import { evaluateRetrieval } from '../evaluation/retrieval-evaluation.js';
import type {
  RetrievalBenchmark,
  RetrievalEvaluation,
} from '../evaluation/retrieval-evaluation.js';
import { trainingDataFiles } from './pair-sources.js';

/** The answer-retrieval benchmark's data, under the shared data folder; never training data. */
export const squadBenchmarkFile = join('squad', 'squad-v1.1-dev-half.json');
import { poolBatch } from './static-embedding-model.js';
import type { StaticEmbeddingModel } from './static-embedding-model.js';

export const evaluationBenchmarkNames = ['squad-reqa', 'citance-to-dataset'] as const;

/**
 * squad-reqa: question to answer sentence over SQuAD articles (never trained on): the even-index
 * articles are watched during training, the odd-index ones measured after it. citance-to-dataset:
 * held-out citances to the dataset descriptions of the catalog.
 */
export type EvaluationBenchmarkName = (typeof evaluationBenchmarkNames)[number];

export interface NamedBenchmark {
  name: EvaluationBenchmarkName;
  benchmark: RetrievalBenchmark;
}

export interface ValidationPoint {
  step: number;
  benchmark: EvaluationBenchmarkName;
  meanReciprocalRank: number;
}

export interface HeldOutEvaluation {
  benchmark: EvaluationBenchmarkName;
  evaluation: RetrievalEvaluation;
}

/** Hybrid weights reported in the card: a fixed sweep, not tuned. */
export const reportedHybridAlphas = [0.25, 0.5, 1, 2] as const;

export interface LoadTrainingBenchmarksOptions {
  dataDir: string;
}

export interface TrainingBenchmarks {
  /** Watched during training. */
  validation: NamedBenchmark[];
  /** Measured on the exported model. */
  heldOut: NamedBenchmark[];
}

export async function loadTrainingBenchmarks(
  options: LoadTrainingBenchmarksOptions,
): Promise<TrainingBenchmarks> {
  const { dataDir } = options;
  const squadFile = join(dataDir, squadBenchmarkFile);
  const citances: NamedBenchmark = {
    name: 'citance-to-dataset',
    benchmark: buildCitanceBenchmark({
      catalog: await readDatasetCatalog({
        collectionFile: join(dataDir, trainingDataFiles.datasetCollection),
        pwcCsvFile: join(dataDir, trainingDataFiles.pwcDatasets),
      }),
      citances: await readDatasetCitances(join(dataDir, trainingDataFiles.datasetCitances)),
    }),
  };
  const validationArticles = await readSquadBenchmark(squadFile, {
    keepArticle: (index) => index % 2 === 0,
  });
  const validation: NamedBenchmark[] = [
    { name: 'squad-reqa', benchmark: reqaCandidatePool(validationArticles) },
    citances,
  ];
  const heldOutArticles = await readSquadBenchmark(squadFile, {
    keepArticle: (index) => index % 2 === 1,
  });
  return {
    validation,
    heldOut: [{ name: 'squad-reqa', benchmark: reqaCandidatePool(heldOutArticles) }, citances],
  };
}

export interface ValidateStaticModelOptions {
  model: StaticEmbeddingModel;
  benchmarks: readonly NamedBenchmark[];
  /** Text to content token ids (memoise it: the same texts come back at every validation). */
  tokenize: (text: string) => Int32Array;
  step: number;
}

/** Encoder-alone MRR of the in-memory model (the same arithmetic as the exported graph). */
export async function validateStaticModel(
  options: ValidateStaticModelOptions,
): Promise<ValidationPoint[]> {
  const { model, tokenize, step } = options;
  const embed = (texts: readonly string[]): Promise<Float32Array[]> => {
    const sequences = texts.map(tokenize);
    const { normalised } = poolBatch(model, sequences);
    return Promise.resolve(
      sequences.map((_, row) =>
        normalised.slice(row * model.dimension, (row + 1) * model.dimension),
      ),
    );
  };
  const points: ValidationPoint[] = [];
  for (const { name, benchmark } of options.benchmarks) {
    const evaluation = await evaluateRetrieval({ benchmark, embed, hybridAlphas: [] });
    const encoder = evaluation.results.find((result) => result.method === 'encoder');
    points.push({ step, benchmark: name, meanReciprocalRank: encoder?.meanReciprocalRank ?? 0 });
  }
  return points;
}

export interface EvaluateModelFolderOptions {
  modelDirectory: string;
  benchmarks: readonly NamedBenchmark[];
  intraOpNumThreads: number;
}

/** BM25, encoder and hybrid results of an exported model, loaded through the real Embedder. */
export async function evaluateModelFolder(
  options: EvaluateModelFolderOptions,
): Promise<HeldOutEvaluation[]> {
  const embedder = await createOnnxEmbedder({
    modelDirectory: options.modelDirectory,
    intraOpNumThreads: options.intraOpNumThreads,
    batchSize: 256,
  });
  const evaluations: HeldOutEvaluation[] = [];
  try {
    for (const { name, benchmark } of options.benchmarks) {
      const evaluation = await evaluateRetrieval({
        benchmark,
        embed: (texts) => embedder.embed(texts),
        hybridAlphas: reportedHybridAlphas,
      });
      evaluations.push({ benchmark: name, evaluation });
    }
  } finally {
    await embedder.close();
  }
  return evaluations;
}
