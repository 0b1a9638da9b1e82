/**
 * @module The onnxruntime-node Embedder: tokenises, batches texts of similar length, feeds only the
 * inputs the session declares, pools token outputs as the model folder says (or takes a model's own
 * `sentence_embedding` output), and L2-normalises.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { AppError, toAppError } from '@quarry/core';
import { openInferenceSession } from '../onnx/inference-session.js';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import { readModelFolder } from '../model-files/model-folder.js';
import type { ModelPrompts, PoolingMode } from '../model-files/model-folder.js';
import { immediateTurn } from './batch-turns.js';
import type { TakeTurn } from './batch-turns.js';
import { l2Normalise, poolTokenVectors } from './pooling.js';
import { createTextTokenizer } from './text-tokenizer.js';
import type { TokenizedText } from './text-tokenizer.js';
import { readWordVectorFiles } from '../word-vectors/word-vectors-file.js';
import { createOnnxReranker } from '../reranker/onnx-reranker.js';

/** Receives diagnostics (truncated texts, chosen pooling); wire it to a QUARRY_DEBUG logger. */
export type EncoderDebugLogger = (
  message: string,
  fields?: Readonly<Record<string, unknown>>,
) => void;

/** Texts per onnxruntime run when the caller names no batch size (QUARRY_ENCODER_BATCH). */
export const defaultEncoderBatchSize = 8;

export interface CreateOnnxEmbedderOptions {
  modelDirectory: string;
  /** Stored with every vector; defaults to `<name>@<first 12 hex of the ONNX file's sha256>`. */
  modelId?: string;
  /** onnxruntime intra-op threads; onnxruntime picks (all cores) when left out. */
  intraOpNumThreads?: number;
  /**
   * Texts per session.run call (default {@link defaultEncoderBatchSize}). Small batches are faster
   * on CPU: on 2 cores e5-small-v2-q embeds 308 PDF sentences in about 3.3 s in batches of 8
   * against 5.3 s in batches of 64 (docs/benchmarks.md), and a waiting query waits for less.
   */
  batchSize?: number;
  /**
   * session.run calls one embed call keeps in flight (default 1). onnxruntime-node 1.22 runs each
   * call synchronously on this thread, so calls in flight take turns: on an idle machine one run
   * with two intra-op threads embeds about twice as fast as two runs of one (docs/benchmarks.md).
   */
  parallelRuns?: number;
  /** Overrides the pooling the folder declares (used only for token-level outputs). */
  pooling?: PoolingMode;
  /** Overrides the maximum sequence length the folder declares. */
  maxLength?: number;
  debug?: EncoderDebugLogger;
  /** When each batch may run (default: at once); the embedding worker gives queries the next turn. */
  takeTurn?: TakeTurn;
}

export interface OnnxEmbedder extends Embedder {
  readonly maxLength: number;
  /** `model` when the graph itself outputs a pooled `sentence_embedding`. */
  readonly pooling: PoolingMode | 'model';
  /** The inputs the session declares and the embedder feeds. */
  readonly inputNames: readonly string[];
  /** The prompts put before queries and passages (config_sentence_transformers.json). */
  readonly prompts: ModelPrompts;
  /** Releases the onnxruntime session. */
  close(): Promise<void>;
}

/** Outputs that hold per-token vectors, in order of preference. */
const tokenOutputNames = ['last_hidden_state', 'token_embeddings'];
const pooledOutputName = 'sentence_embedding';
const supportedInputNames = ['input_ids', 'attention_mask', 'token_type_ids'];

export async function createOnnxEmbedder(
  options: CreateOnnxEmbedderOptions,
): Promise<OnnxEmbedder> {
  const folder = await readModelFolder(options.modelDirectory);
  if (folder.role !== 'embedder') {
    throw new AppError({
      code: 'invalid_input',
      message: `the model folder holds a ${folder.role}, not a sentence encoder`,
      where: folder.directory,
      fix: 'name an embedding model (a cross-encoder is used through reranker_from)',
    });
  }
  const debug = options.debug ?? (() => undefined);
  const modelBytes = await readFile(folder.modelFile);
  const modelId = options.modelId ?? defaultModelId(folder.name, modelBytes, folder.prompts);

  const session = await openInferenceSession({
    model: modelBytes,
    where: folder.modelFile,
    intraOpNumThreads: options.intraOpNumThreads,
  });

  const unknownInputs = session.inputNames.filter((name) => !supportedInputNames.includes(name));
  if (unknownInputs.length > 0 || !session.inputNames.includes('input_ids')) {
    await session.release();
    throw new AppError({
      code: 'unsupported',
      message: `model inputs [${session.inputNames.join(', ')}] are not a text encoder's (input_ids, attention_mask, token_type_ids)`,
      where: folder.modelFile,
    });
  }
  const outputName = session.outputNames.includes(pooledOutputName)
    ? pooledOutputName
    : (tokenOutputNames.find((name) => session.outputNames.includes(name)) ??
      session.outputNames[0]);
  if (!outputName)
    throw new AppError({
      code: 'unsupported',
      message: 'the model has no outputs',
      where: folder.modelFile,
    });

  const modelPools = outputName === pooledOutputName;
  const pooling: PoolingMode = options.pooling ?? folder.declaredPooling ?? 'mean';
  if (!modelPools && !options.pooling && !folder.declaredPooling) {
    debug('model folder declares no pooling; using mean pooling', {
      modelDirectory: folder.directory,
    });
  }
  const maxLength = options.maxLength ?? folder.maxLength;
  const tokenizer = createTextTokenizer({
    tokenizerJson: folder.tokenizerJson,
    tokenizerConfig: folder.tokenizerConfig,
    maxLength,
  });
  const batchSize = Math.max(1, options.batchSize ?? defaultEncoderBatchSize);
  const parallelRuns = Math.max(1, options.parallelRuns ?? 1);
  const takeTurn = options.takeTurn ?? immediateTurn;
  const inputNames = [...session.inputNames];
  debug('encoder loaded', {
    modelId,
    outputName,
    pooling: modelPools ? 'model' : pooling,
    maxLength,
    inputNames,
  });

  const runBatch = async (batch: readonly TokenizedText[]): Promise<Float32Array[]> => {
    const sequenceLength = Math.max(1, ...batch.map((text) => text.ids.length));
    const cells = batch.length * sequenceLength;
    const inputIds = new BigInt64Array(cells);
    const attentionMask = new BigInt64Array(cells);
    const mask = new Uint8Array(cells);
    batch.forEach((text, row) => {
      text.ids.forEach((id, position) => {
        inputIds[row * sequenceLength + position] = BigInt(id);
        attentionMask[row * sequenceLength + position] = 1n;
        mask[row * sequenceLength + position] = 1;
      });
    });
    const dims = [batch.length, sequenceLength];
    const feeds: Record<string, ort.Tensor> = {};
    for (const name of inputNames) {
      if (name === 'input_ids') feeds[name] = new ort.Tensor('int64', inputIds, dims);
      else if (name === 'attention_mask')
        feeds[name] = new ort.Tensor('int64', attentionMask, dims);
      else feeds[name] = new ort.Tensor('int64', new BigInt64Array(cells), dims);
    }
    let output: ort.Tensor | undefined;
    try {
      output = (await session.run(feeds, [outputName]))[outputName];
    } catch (error) {
      throw toAppError(error, {
        code: 'model_failure',
        message: 'onnxruntime failed to run the model',
        where: folder.modelFile,
      });
    }
    if (!output || !(output.data instanceof Float32Array)) {
      throw new AppError({
        code: 'model_failure',
        message: `output ${outputName} is not float32`,
        where: folder.modelFile,
      });
    }
    const outputDims = output.dims;
    if (outputDims.length === 2) {
      const width = outputDims[1] ?? 0;
      const data = output.data;
      return batch.map((_, row) => l2Normalise(data.subarray(row * width, (row + 1) * width)));
    }
    if (outputDims.length !== 3) {
      throw new AppError({
        code: 'unsupported',
        message: `output ${outputName} has shape [${outputDims.join(', ')}]; expected [batch, dim] or [batch, sequence, dim]`,
        where: folder.modelFile,
      });
    }
    return poolTokenVectors({
      tokenVectors: output.data,
      attentionMask: mask,
      batchSize: batch.length,
      sequenceLength,
      hiddenSize: outputDims[2] ?? 0,
      pooling,
    });
  };

  const embed = async (
    texts: readonly string[],
    purpose: EmbedPurpose = 'passage',
  ): Promise<Float32Array[]> => {
    const prompt = folder.prompts[purpose];
    const tokenized = texts.map((text, index) => {
      const encoded = tokenizer.encode(prompt + text);
      if (encoded.truncated) {
        debug('text truncated to the model maximum length', {
          textIndex: index,
          tokenCount: encoded.fullTokenCount,
          maxLength,
          characters: text.length,
        });
      }
      return encoded;
    });
    // Longest first, so each batch pads to texts of about its own length.
    const order = tokenized
      .map((text, index) => ({ index, length: text.ids.length }))
      .sort((left, right) => right.length - left.length || left.index - right.index);
    const vectors = new Array<Float32Array>(texts.length);
    let next = 0;
    const runBatches = async (): Promise<void> => {
      while (next < order.length) {
        const slice = order.slice(next, next + batchSize);
        next += batchSize;
        const batchVectors = await takeTurn(purpose, () =>
          runBatch(slice.map(({ index }) => tokenized[index]!)),
        );
        slice.forEach(({ index }, row) => {
          vectors[index] = batchVectors[row]!;
        });
      }
    };
    const runners = Math.min(parallelRuns, Math.ceil(order.length / batchSize));
    await Promise.all(Array.from({ length: Math.max(1, runners) }, runBatches));
    return vectors;
  };

  const probe = await embed(['dimension probe']);
  const dimension = probe[0]?.length ?? 0;
  const wordVectors = await readWordVectorFiles(folder.wordVectorsDirectory);
  const reranker =
    folder.rerankerDirectory === undefined
      ? undefined
      : await createOnnxReranker({
          modelDirectory: folder.rerankerDirectory,
          intraOpNumThreads: options.intraOpNumThreads,
          takeTurn,
        });

  return {
    modelId,
    dimension,
    maxLength,
    pooling: modelPools ? 'model' : pooling,
    inputNames,
    prompts: folder.prompts,
    embed,
    ...(wordVectors ? { wordVectors } : {}),
    ...(folder.similarityFloor > 0 ? { similarityFloor: folder.similarityFloor } : {}),
    ...(reranker ? { rerank: reranker.score.bind(reranker), rerankerId: reranker.modelId } : {}),
    async close() {
      await reranker?.close();
      await session.release();
    },
  };
}

/**
 * `<name>@<12 hex>`: the hash covers the ONNX file and, when the model has prompts, the prompts,
 * since a changed prompt changes every vector. A model without prompts keeps the id it always had.
 */
function defaultModelId(name: string, modelBytes: Buffer, prompts: ModelPrompts): string {
  const hash = createHash('sha256').update(modelBytes);
  if (prompts.query !== '' || prompts.passage !== '') hash.update(JSON.stringify(prompts));
  return `${name}@${hash.digest('hex').slice(0, 12)}`;
}
