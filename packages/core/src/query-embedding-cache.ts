/**
 * @module An embedder that remembers the vectors of the last `maxEntries` single texts it embedded
 * (queries: one request embeds its query for the answer search, the recommender and the agent, and
 * people repeat queries), least recently used first out. A text's vector depends only on the model,
 * so nothing needs invalidating. Batches (indexing) pass straight through; every caller gets its
 * own copy of a remembered vector.
 */
import type { Embedder } from './embedder.js';

export function withQueryEmbeddingCache(embedder: Embedder, maxEntries: number): Embedder {
  if (maxEntries <= 0) return embedder;
  const remembered = new Map<string, Promise<Float32Array | undefined>>();
  const embedOne = (text: string): Promise<Float32Array | undefined> => {
    let vector = remembered.get(text);
    if (vector !== undefined) {
      // Most recently used last: a Map keeps insertion order.
      remembered.delete(text);
      remembered.set(text, vector);
      return vector;
    }
    vector = embedder.embed([text]).then((vectors) => vectors[0]);
    // A failure is not remembered: the next request tries again.
    vector.catch(() => remembered.delete(text));
    remembered.set(text, vector);
    if (remembered.size > maxEntries) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    return vector;
  };
  return {
    modelId: embedder.modelId,
    dimension: embedder.dimension,
    ...(embedder.wordVectors === undefined ? {} : { wordVectors: embedder.wordVectors }),
    async embed(texts) {
      if (texts.length !== 1) return embedder.embed(texts);
      const vector = await embedOne(texts[0] ?? '');
      return vector === undefined ? [] : [vector.slice()];
    },
  };
}
