/**
 * @module One call from a model spec to a ready Embedder: resolveModel, then createOnnxEmbedder.
 * This is what the CLI and the API's composition root use.
 */
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import type { CreateOnnxEmbedderOptions, OnnxEmbedder } from '../embedder/onnx-embedder.js';
import { createWorkerEmbedder } from '../embedder/worker-embedder.js';
import { resolveModel } from './resolve-model.js';
import type { ResolveModelOptions, ResolvedModel } from './resolve-model.js';

/** Where the model runs: on the calling thread, or on a worker thread of its own (worker-embedder.ts). */
export type EmbedderThread = 'main' | 'worker';

export interface LoadEmbedderOptions
  extends ResolveModelOptions, Omit<CreateOnnxEmbedderOptions, 'modelDirectory'> {
  /** Default `main`. */
  thread?: EmbedderThread;
}

export interface LoadedEmbedder {
  embedder: OnnxEmbedder;
  model: ResolvedModel;
}

export async function loadEmbedder(options: LoadEmbedderOptions): Promise<LoadedEmbedder> {
  const model = await resolveModel(options);
  const create = options.thread === 'worker' ? createWorkerEmbedder : createOnnxEmbedder;
  const embedder = await create({ ...options, modelDirectory: model.directory });
  return { embedder, model };
}
