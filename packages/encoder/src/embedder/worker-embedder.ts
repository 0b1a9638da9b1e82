/**
 * @module The ONNX embedder on a worker thread of its own: the same OnnxEmbedder as
 * onnx-embedder.ts, but the tokenising and onnxruntime's runs happen on embedder-worker.ts, so the
 * calling thread only posts texts and receives vectors. What `quarry serve` and `quarry index` use:
 * onnxruntime-node runs a batch synchronously on the thread that calls it, which would hold a
 * server's event loop for the whole batch. The word vectors and the similarity floor are read here,
 * where the ranking uses them.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '@quarry/core';
import type { EmbedPurpose } from '@quarry/core';
import { readModelFolder } from '../model-files/model-folder.js';
import { readWordVectorFiles } from '../word-vectors/word-vectors-file.js';
import { revivedFailure } from './embedder-worker-protocol.js';
import type {
  EmbedderDescription,
  EmbedderWorkerData,
  EmbedderWorkerReply,
  EmbedderWorkerRequest,
} from './embedder-worker-protocol.js';
import type { CreateOnnxEmbedderOptions, OnnxEmbedder } from './onnx-embedder.js';

/**
 * The worker's entry, built to `dist/embedder/embedder-worker.js` (tsc). Under vitest this module
 * runs from `src/` as TypeScript, which a worker thread cannot load, so the built entry is used
 * (`npm test` builds first).
 */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/embedder/embedder-worker.js', import.meta.url)
  : new URL('./embedder-worker.js', import.meta.url);

interface Pending {
  resolve: (value: Float32Array[] | number[]) => void;
  reject: (error: Error) => void;
}

export async function createWorkerEmbedder(
  options: CreateOnnxEmbedderOptions,
): Promise<OnnxEmbedder> {
  const folder = await readModelFolder(options.modelDirectory);
  const workerData: EmbedderWorkerData = {
    modelDirectory: options.modelDirectory,
    debug: options.debug !== undefined,
    ...(options.modelId === undefined ? {} : { modelId: options.modelId }),
    ...(options.intraOpNumThreads === undefined
      ? {}
      : { intraOpNumThreads: options.intraOpNumThreads }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.pooling === undefined ? {} : { pooling: options.pooling }),
    ...(options.maxLength === undefined ? {} : { maxLength: options.maxLength }),
  };
  const worker = new Worker(workerUrl, { workerData });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;
  let closing: (() => void) | null = null;

  const failAll = (error: Error): void => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
    worker.unref();
  };
  const stopped = (why: string, cause?: unknown): AppError =>
    new AppError({
      code: 'model_failure',
      message: `the embedding worker ${why}`,
      where: folder.modelFile,
      fix: 'restart Quarry; the log has the cause',
      ...(cause === undefined ? {} : { cause }),
    });

  const ready = new Promise<EmbedderDescription>((resolve, reject) => {
    worker.on('message', (message: EmbedderWorkerReply) => {
      switch (message.kind) {
        case 'ready':
          resolve(message.description);
          break;
        case 'failed':
          reject(revivedFailure(message.error));
          break;
        case 'debug':
          options.debug?.(message.message, message.fields);
          break;
        case 'closed':
          closing?.();
          break;
        case 'vectors':
        case 'scores':
        case 'error': {
          const waiting = pending.get(message.id);
          if (waiting === undefined) return;
          pending.delete(message.id);
          // Idle, the worker does not keep the process alive.
          if (pending.size === 0) worker.unref();
          if (message.kind === 'vectors') waiting.resolve(message.vectors);
          else if (message.kind === 'scores') waiting.resolve(message.scores);
          else waiting.reject(revivedFailure(message.error));
        }
      }
    });
    const stop = (error: AppError): void => {
      failAll(error);
      reject(error);
    };
    worker.on('error', (error) => stop(stopped('failed', error)));
    worker.on('exit', (code) => stop(stopped(`exited (code ${code})`)));
  });

  let description: EmbedderDescription;
  try {
    description = await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  const ask = <T extends Float32Array[] | number[]>(
    request: EmbedderWorkerRequest & { id: number },
  ): Promise<T> => {
    if (failure !== null) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(request.id, { resolve: resolve as Pending['resolve'], reject });
      worker.postMessage(request);
    });
  };
  const embed = (
    texts: readonly string[],
    purpose: EmbedPurpose = 'passage',
  ): Promise<Float32Array[]> =>
    texts.length === 0
      ? Promise.resolve([])
      : ask({ kind: 'embed', id: nextId++, texts: [...texts], purpose });
  const rerank = (query: string, passages: readonly string[]): Promise<number[]> =>
    passages.length === 0
      ? Promise.resolve([])
      : ask({ kind: 'rerank', id: nextId++, query, passages: [...passages] });

  const wordVectors = await readWordVectorFiles(folder.wordVectorsDirectory);
  return {
    ...description,
    embed,
    ...(description.rerankerId ? { rerank } : {}),
    ...(wordVectors ? { wordVectors } : {}),
    ...(folder.similarityFloor > 0 ? { similarityFloor: folder.similarityFloor } : {}),
    async close() {
      if (failure !== null) return;
      worker.ref();
      await new Promise<void>((resolve) => {
        closing = resolve;
        worker.postMessage({ kind: 'close' } satisfies EmbedderWorkerRequest);
      });
      failure = stopped('was closed');
      await worker.terminate();
    },
  };
}
