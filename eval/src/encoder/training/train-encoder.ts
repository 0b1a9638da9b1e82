/**
 * @module Trains Quarry's default encoder: a static embedding model over the BERT uncased WordPiece
 * vocabulary, initialised with IDF-scaled random vectors (a TF-IDF sketch) and trained with symmetric
 * InfoNCE on weakly supervised pairs, in pure TypeScript on the CPU. Writes an ONNX model folder
 * (model.onnx, tokenizer.json, tokenizer_config.json, config.json, README.md model card).
 * Deterministic for a given seed and step count: the same options give the same model.onnx bytes.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { englishStopwords } from '@quarry/text';
import { defaultWordnetDirectory, wordnetNotice } from '../corpora/wordnet-lexicon.js';
import {
  buildStaticEmbeddingGraph,
  loadHuggingFaceTokenizer,
} from '@quarry/encoder/model-building';
import { infoNceLoss } from './info-nce-loss.js';
import { renderModelCard } from './model-card.js';
import { buildPairSources } from './pair-sources.js';
import { createSeededRandom } from '@quarry/core';
import { SparseAdam } from './sparse-adam.js';
import { accumulateGradients, poolBatch } from './static-embedding-model.js';
import {
  evaluateModelFolder,
  loadTrainingBenchmarks,
  validateStaticModel,
} from './training-benchmarks.js';
import type {
  EvaluationBenchmarkName,
  HeldOutEvaluation,
  ValidationPoint,
} from './training-benchmarks.js';
import { createPairSampler } from './training-pairs.js';
import { initialiseModel } from './model-initialisation.js';
import { writeTokenizerFiles } from './tokenizer-files.js';
import { learningRateAt, pickSampler } from './training-schedule.js';
import type { PairSourceName } from './training-pairs.js';

export interface TrainEncoderOptions {
  /** The shared data folder (../shared/data). */
  dataDir: string;
  /** The model folder to write, e.g. models/quarry-static-v2. */
  outDir: string;
  seed: number;
  /** Wall-clock cap in minutes; training stops early if reached (the card says so). Default 30. */
  minutes?: number;
  /** Optimisation steps. Default 2000. */
  steps?: number;
  /** Pairs per step (in-batch negatives = batch size - 1). Default 256. */
  batchSize?: number;
  /** Embedding width. Default 256. */
  dimension?: number;
  /** Peak Adam learning rate (linear warm-up over 5% of steps, then linear decay). Default 0.03. */
  learningRate?: number;
  /** Initial length of stopword token vectors relative to their IDF (function words carry no topic). Default 0. */
  stopwordInitialScale?: number;
  /** 1 / temperature of the InfoNCE softmax. Default 20. */
  similarityScale?: number;
  /** Rows shared by the tokens the training texts never contain. Default 2048. */
  unseenTokenBuckets?: number;
  /** Relative sampling weight of each pair source; a step draws its whole batch from one source. */
  sourceWeights?: Partial<Record<PairSourceName, number>>;
  /** The WordNet database folder; null trains without WordNet. Default /usr/share/wordnet. */
  wordnetDirectory?: string | null;
  /** Validate (encoder alone, in JavaScript) every this many steps; 0 never. Default 500. */
  validateEverySteps?: number;
  /** Measure ReQA on the odd SQuAD articles (and citances) after export, for the card. Default true. */
  evaluateHeldOut?: boolean;
  /** Name written into config.json and the card. Default: the out folder's name. */
  modelName?: string;
  /** Defaults to <dataDir>/tokenizers/bert-base-uncased-wordpiece. */
  tokenizerDirectory?: string;
  /** onnxruntime threads for the held-out evaluation. Default 2. */
  intraOpNumThreads?: number;
  onProgress?: (event: TrainingProgress) => void;
  /** Milliseconds now, for the time cap and reported timings. Default performance.now. */
  now?: () => number;
}

export const trainingPhases = [
  'loading',
  'training',
  'validating',
  'exporting',
  'evaluating',
  'done',
] as const;

export type TrainingPhase = (typeof trainingPhases)[number];

export interface TrainingProgress {
  phase: TrainingPhase;
  step: number;
  totalSteps: number;
  elapsedSeconds: number;
  /** Mean loss and in-batch accuracy over the steps since the last report. */
  loss?: number;
  accuracy?: number;
  /** Encoder-alone MRR per benchmark, on validating steps. */
  validation?: Partial<Record<EvaluationBenchmarkName, number>>;
  message?: string;
}

export interface TrainingHyperParameters {
  seed: number;
  steps: number;
  batchSize: number;
  dimension: number;
  learningRate: number;
  similarityScale: number;
  stopwordInitialScale: number;
  unseenTokenBuckets: number;
  sourceWeights: Record<PairSourceName, number>;
  maxDocumentTokens: number;
  maxSequenceLength: number;
}

export interface TrainEncoderResult {
  outDir: string;
  hyperParameters: TrainingHyperParameters;
  stepsCompleted: number;
  stoppedByTimeCap: boolean;
  trainingSeconds: number;
  totalSeconds: number;
  finalLoss: number;
  sourceSizes: Record<string, number>;
  modelBytes: number;
  validation: ValidationPoint[];
  heldOutEvaluations: HeldOutEvaluation[];
}

export const defaultSourceWeights: Record<PairSourceName, number> = {
  'scirex-inverse-cloze': 3,
  'dataset-name-description': 2,
  'citance-description': 1,
  'query-halves': 1,
  'wordnet-definitions': 2,
};

const maxDocumentTokens = 128;
const maxSequenceLength = 512;
const reportEverySteps = 100;

export async function trainEncoder(options: TrainEncoderOptions): Promise<TrainEncoderResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const elapsedSeconds = (): number => (now() - started) / 1000;
  const onProgress = options.onProgress ?? (() => undefined);
  const hyperParameters: TrainingHyperParameters = {
    seed: options.seed,
    steps: options.steps ?? 2000,
    batchSize: options.batchSize ?? 256,
    dimension: options.dimension ?? 256,
    learningRate: options.learningRate ?? 0.03,
    similarityScale: options.similarityScale ?? 20,
    stopwordInitialScale: options.stopwordInitialScale ?? 0,
    unseenTokenBuckets: options.unseenTokenBuckets ?? 2048,
    sourceWeights: { ...defaultSourceWeights, ...options.sourceWeights },
    maxDocumentTokens,
    maxSequenceLength,
  };
  const { steps, batchSize, dimension } = hyperParameters;
  const random = createSeededRandom(options.seed);
  const tokenizerDirectory =
    options.tokenizerDirectory ??
    join(options.dataDir, 'tokenizers', 'bert-base-uncased-wordpiece');

  onProgress({
    phase: 'loading',
    step: 0,
    totalSteps: steps,
    elapsedSeconds: elapsedSeconds(),
    message: 'tokenising training data',
  });
  const tokenizerJson = JSON.parse(
    await readFile(join(tokenizerDirectory, 'tokenizer.json'), 'utf8'),
  ) as Record<string, unknown>;
  const tokenizer = loadHuggingFaceTokenizer(tokenizerJson);
  const tokenCache = new Map<string, Int32Array>();
  const tokenize = (text: string): Int32Array => {
    let tokens = tokenCache.get(text);
    if (!tokens) {
      tokens = Int32Array.from(
        tokenizer.encode(text, { add_special_tokens: false }).ids.slice(0, maxSequenceLength),
      );
      tokenCache.set(text, tokens);
    }
    return tokens;
  };
  const collection = await buildPairSources({
    dataDir: options.dataDir,
    tokenize,
    maxDocumentTokens,
    wordnetDirectory:
      options.wordnetDirectory === undefined ? defaultWordnetDirectory : options.wordnetDirectory,
  });
  tokenCache.clear();

  const vocabularySize = Math.max(...tokenizer.get_vocab(true).values()) + 1;
  const ignoredTokens = new Uint8Array(vocabularySize);
  for (const [token, id] of tokenizer.get_vocab(true)) {
    if (/^\[(PAD|UNK|CLS|SEP|MASK|unused\d+)\]$/.test(token)) ignoredTokens[id] = 1;
  }
  const tokenScales = new Float32Array(vocabularySize).fill(1);
  for (const word of englishStopwords) {
    const id = tokenizer.token_to_id(word);
    if (id !== undefined) tokenScales[id] = hyperParameters.stopwordInitialScale;
  }
  const model = initialiseModel({
    collection,
    vocabularySize,
    dimension,
    ignoredTokens,
    tokenScales,
    unseenTokenBuckets: hyperParameters.unseenTokenBuckets,
    random,
  });
  const rowCount = model.embeddings.length / dimension;
  const benchmarks = await loadTrainingBenchmarks({ dataDir: options.dataDir });
  const validationTokens = new Map<string, Int32Array>();
  const validate = async (step: number): Promise<ValidationPoint[]> => {
    const points = await validateStaticModel({
      model,
      benchmarks: benchmarks.validation,
      step,
      tokenize: (text) => {
        let tokens = validationTokens.get(text);
        if (!tokens) {
          tokens = tokenize(text);
          validationTokens.set(text, tokens);
        }
        return tokens;
      },
    });
    onProgress({
      phase: 'validating',
      step,
      totalSteps: steps,
      elapsedSeconds: elapsedSeconds(),
      validation: Object.fromEntries(
        points.map((point) => [point.benchmark, point.meanReciprocalRank]),
      ),
    });
    return points;
  };

  // Training loop.
  const samplers = collection.sources.map((source) => createPairSampler(source, random));
  const weights = samplers.map((sampler) => hyperParameters.sourceWeights[sampler.source.name]);
  const optimizer = new SparseAdam({ rowCount, dimension });
  const gradient = new Float32Array(rowCount * dimension);
  const touchedMarks = new Uint8Array(rowCount);
  const capSeconds = (options.minutes ?? 30) * 60;
  const validateEvery = options.validateEverySteps ?? 500;
  const validation: ValidationPoint[] = [];
  if (validateEvery > 0) validation.push(...(await validate(0)));
  const trainingStarted = now();
  let stepsCompleted = 0;
  let stoppedByTimeCap = false;
  let windowLoss = 0;
  let windowAccuracy = 0;
  let windowSteps = 0;
  let finalLoss = Number.NaN;
  for (let step = 1; step <= steps; step += 1) {
    if (elapsedSeconds() > capSeconds) {
      stoppedByTimeCap = true;
      break;
    }
    const sampler = pickSampler(samplers, weights, random);
    const pairs = sampler.nextBatch(batchSize);
    const queries = poolBatch(
      model,
      pairs.map((pair) => pair.query),
    );
    const documents = poolBatch(
      model,
      pairs.map((pair) => pair.document),
    );
    const loss = infoNceLoss({
      queries: queries.normalised,
      documents: documents.normalised,
      batchSize: pairs.length,
      dimension,
      scale: hyperParameters.similarityScale,
    });
    const touchedRows: number[] = [];
    for (const [batch, normalisedGradient] of [
      [queries, loss.queryGradient],
      [documents, loss.documentGradient],
    ] as const) {
      accumulateGradients({
        model,
        batch,
        normalisedGradient,
        embeddingGradient: gradient,
        touchedMarks,
        touchedRows,
      });
    }
    for (const row of touchedRows) touchedMarks[row] = 0;
    optimizer.step({
      parameters: model.embeddings,
      gradient,
      touchedRows,
      learningRate: learningRateAt({ step, steps, peak: hyperParameters.learningRate }),
    });
    stepsCompleted = step;
    windowLoss += loss.loss;
    windowAccuracy += loss.accuracy;
    windowSteps += 1;
    if (step % reportEverySteps === 0 || step === steps) {
      finalLoss = windowLoss / windowSteps;
      onProgress({
        phase: 'training',
        step,
        totalSteps: steps,
        elapsedSeconds: elapsedSeconds(),
        loss: finalLoss,
        accuracy: windowAccuracy / windowSteps,
      });
      windowLoss = 0;
      windowAccuracy = 0;
      windowSteps = 0;
    }
    if (validateEvery > 0 && step % validateEvery === 0) validation.push(...(await validate(step)));
  }
  if (windowSteps > 0) finalLoss = windowLoss / windowSteps;
  const trainingSeconds = (now() - trainingStarted) / 1000;

  // Export.
  onProgress({
    phase: 'exporting',
    step: stepsCompleted,
    totalSteps: steps,
    elapsedSeconds: elapsedSeconds(),
  });
  const modelName =
    options.modelName ?? options.outDir.split(/[\\/]/).filter(Boolean).pop() ?? 'quarry-static';
  await mkdir(options.outDir, { recursive: true });
  const graph = buildStaticEmbeddingGraph({
    embeddings: model.embeddings,
    dimension,
    vocabularySize,
    tokenToRow: model.tokenToRow,
    docString: `${modelName}: static token embeddings, masked mean pooling, L2 normalisation (Quarry)`,
    metadata: { seed: String(options.seed), steps: String(stepsCompleted) },
  });
  await writeFile(join(options.outDir, 'model.onnx'), graph);
  await writeTokenizerFiles({
    tokenizerDirectory,
    tokenizerJson,
    outDir: options.outDir,
    maxSequenceLength,
  });
  const sourceSizes = Object.fromEntries(
    collection.sources.map((source) => [source.name, source.size]),
  );
  if (sourceSizes['wordnet-definitions'] !== undefined) {
    await writeFile(join(options.outDir, 'WORDNET-NOTICE.md'), wordnetNotice);
  }
  const config = {
    _name_or_path: modelName,
    model_type: 'quarry-static-embedding',
    architectures: ['StaticEmbedding'],
    hidden_size: dimension,
    vocab_size: vocabularySize,
    embedding_rows: rowCount,
    pooling: 'mean',
    normalize: true,
    output: 'sentence_embedding',
    max_seq_length: maxSequenceLength,
    training: {
      ...hyperParameters,
      steps_completed: stepsCompleted,
      stopped_by_time_cap: stoppedByTimeCap,
    },
  };
  await writeFile(join(options.outDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);

  let heldOutEvaluations: HeldOutEvaluation[] = [];
  if (options.evaluateHeldOut ?? true) {
    onProgress({
      phase: 'evaluating',
      step: stepsCompleted,
      totalSteps: steps,
      elapsedSeconds: elapsedSeconds(),
    });
    heldOutEvaluations = await evaluateModelFolder({
      modelDirectory: options.outDir,
      benchmarks: benchmarks.heldOut,
      intraOpNumThreads: options.intraOpNumThreads ?? 2,
    });
  }

  const modelBytes = (await stat(join(options.outDir, 'model.onnx'))).size;
  const result: TrainEncoderResult = {
    outDir: options.outDir,
    hyperParameters,
    stepsCompleted,
    stoppedByTimeCap,
    trainingSeconds,
    totalSeconds: elapsedSeconds(),
    finalLoss,
    sourceSizes,
    modelBytes,
    validation,
    heldOutEvaluations,
  };
  await writeFile(join(options.outDir, 'README.md'), renderModelCard({ modelName, result }));
  onProgress({
    phase: 'done',
    step: stepsCompleted,
    totalSteps: steps,
    elapsedSeconds: elapsedSeconds(),
  });
  return result;
}
