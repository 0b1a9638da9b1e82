/**
 * @module One call from a model spec to a ready Embedder: resolveModel, then createOnnxEmbedder.
 * This is what the CLI and the API's composition root use.
 */
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import type { CreateOnnxEmbedderOptions, OnnxEmbedder } from '../embedder/onnx-embedder.js';
import { resolveModel } from './resolve-model.js';
import type { ResolveModelOptions, ResolvedModel } from './resolve-model.js';

export interface LoadEmbedderOptions
  extends ResolveModelOptions, Omit<CreateOnnxEmbedderOptions, 'modelDirectory'> {}

export interface LoadedEmbedder {
  embedder: OnnxEmbedder;
  model: ResolvedModel;
}

export async function loadEmbedder(options: LoadEmbedderOptions): Promise<LoadedEmbedder> {
  const model = await resolveModel(options);
  const embedder = await createOnnxEmbedder({ ...options, modelDirectory: model.directory });
  return { embedder, model };
}
