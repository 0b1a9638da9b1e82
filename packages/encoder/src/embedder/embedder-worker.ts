/**
 * @module The embedding worker's entry: loads the ONNX embedder on this thread and serves embed
 * requests, so that onnxruntime-node's runs (synchronous on the thread that calls them) and the
 * tokenising never hold the event loop of a server. Requests are served concurrently, one batch
 * at a time, queries' batches first (batch-turns.ts); the reranker the folder names runs here too,
 * its batches taking turns as queries.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createBatchTurns } from './batch-turns.js';
import type {
  EmbedderWorkerData,
  EmbedderWorkerReply,
  EmbedderWorkerRequest,
} from './embedder-worker-protocol.js';
import { serializedFailure } from './embedder-worker-protocol.js';
import { createOnnxEmbedder } from './onnx-embedder.js';

const port = parentPort;
if (port === null) throw new Error('embedder-worker.js runs as a worker thread');
const options = workerData as EmbedderWorkerData;
const reply = (message: EmbedderWorkerReply, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(message, transfer);

/** Each distinct buffer once: transferring one twice is an error. */
function buffersOf(vectors: readonly Float32Array[]): ArrayBuffer[] {
  return [...new Set(vectors.map((vector) => vector.buffer as ArrayBuffer))];
}

try {
  const { debug, ...embedderOptions } = options;
  const embedder = await createOnnxEmbedder({
    ...embedderOptions,
    takeTurn: createBatchTurns(),
    ...(debug
      ? {
          debug: (message, fields) =>
            reply({ kind: 'debug', message, ...(fields ? { fields: { ...fields } } : {}) }),
        }
      : {}),
  });
  port.on('message', (request: EmbedderWorkerRequest) => {
    if (request.kind === 'close') {
      void embedder.close().finally(() => reply({ kind: 'closed' }));
      return;
    }
    if (request.kind === 'rerank') {
      const scoring = embedder.rerank
        ? embedder.rerank(request.query, request.passages)
        : Promise.reject(new Error('the model folder names no reranker'));
      scoring.then(
        (scores) => reply({ kind: 'scores', id: request.id, scores }),
        (error: unknown) =>
          reply({ kind: 'error', id: request.id, error: serializedFailure(error) }),
      );
      return;
    }
    embedder.embed(request.texts, request.purpose).then(
      (vectors) => reply({ kind: 'vectors', id: request.id, vectors }, buffersOf(vectors)),
      (error: unknown) => reply({ kind: 'error', id: request.id, error: serializedFailure(error) }),
    );
  });
  reply({
    kind: 'ready',
    description: {
      modelId: embedder.modelId,
      dimension: embedder.dimension,
      maxLength: embedder.maxLength,
      pooling: embedder.pooling,
      inputNames: [...embedder.inputNames],
      prompts: embedder.prompts,
      ...(embedder.rerankerId ? { rerankerId: embedder.rerankerId } : {}),
    },
  });
} catch (error) {
  reply({ kind: 'failed', error: serializedFailure(error) });
}
