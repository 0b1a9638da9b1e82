/**
 * @module Embeds many texts in batches of a fixed size, checking that the embedder returned one
 * vector of the expected dimension per text: the one batching loop (frame index, recommender).
 */
import { AppError } from './app-error.js';
import type { EmbedPurpose, Embedder } from './embedder.js';

export async function embedInBatches(options: {
  embedder: Embedder;
  texts: readonly string[];
  batchSize: number;
  /** Default `passage`. */
  purpose?: EmbedPurpose;
}): Promise<Float32Array[]> {
  const { embedder, texts, batchSize, purpose = 'passage' } = options;
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const embedded = await embedder.embed(batch, purpose);
    if (embedded.length !== batch.length) {
      throw new AppError({
        code: 'model_failure',
        message: `the embedder returned ${embedded.length} vectors for ${batch.length} texts`,
      });
    }
    for (const vector of embedded) {
      if (vector.length !== embedder.dimension) {
        throw new AppError({
          code: 'model_failure',
          message: `the embedder returned a ${vector.length}-dimensional vector, not ${embedder.dimension}`,
        });
      }
      vectors.push(vector);
    }
  }
  return vectors;
}
