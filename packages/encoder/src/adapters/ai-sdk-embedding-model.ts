/**
 * @module An AI SDK `EmbeddingModel` (specification v3) over any Quarry Embedder, usable with
 * `embed` and `embedMany` from the `ai` package.
 */
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { Embedder } from '@quarry/core';

export function quarryEmbeddingModel(options: {
  embedder: Embedder;
  maxEmbeddingsPerCall?: number;
}): EmbeddingModelV3 {
  const { embedder } = options;
  return {
    specificationVersion: 'v3',
    provider: 'quarry',
    modelId: embedder.modelId,
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 2048,
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      const vectors = await embedder.embed(values);
      return { embeddings: vectors.map((vector) => Array.from(vector)), warnings: [] };
    },
  };
}
