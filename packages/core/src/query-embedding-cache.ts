/**
 * @module An embedder that remembers the vectors of the last `maxEntries` single texts it embedded
 * (queries: one request embeds its query for the answer search, the recommender and the agent, and
 * people repeat queries), least recently used first out. A text's vector depends only on the model,
 * so nothing needs invalidating. Batches (indexing) pass straight through; every caller gets its
 * own copy of a remembered vector.
 */
import type { EmbedPurpose, Embedder } from './embedder.js';

export function withQueryEmbeddingCache(embedder: Embedder, maxEntries: number): Embedder {
  if (maxEntries <= 0) return embedder;
  const remembered = new Map<string, Promise<Float32Array | undefined>>();
  const embedOne = (text: string, purpose: EmbedPurpose): Promise<Float32Array | undefined> => {
    // The purpose is part of the key: a model with prompts embeds a query and a passage differently.
    const key = `${purpose}\u0000${text}`;
    let vector = remembered.get(key);
    if (vector !== undefined) {
      // Most recently used last: a Map keeps insertion order.
      remembered.delete(key);
      remembered.set(key, vector);
      return vector;
    }
    vector = embedder.embed([text], purpose).then((vectors) => vectors[0]);
    // A failure is not remembered: the next request tries again.
    vector.catch(() => remembered.delete(key));
    remembered.set(key, vector);
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
    ...(embedder.similarityFloor === undefined
      ? {}
      : { similarityFloor: embedder.similarityFloor }),
    // The reranker reads question and passage together: nothing of it to remember per text.
    ...(embedder.rerank === undefined ? {} : { rerank: embedder.rerank.bind(embedder) }),
    ...(embedder.rerankerId === undefined ? {} : { rerankerId: embedder.rerankerId }),
    async embed(texts, purpose = 'passage') {
      if (texts.length !== 1) return embedder.embed(texts, purpose);
      const vector = await embedOne(texts[0] ?? '', purpose);
      return vector === undefined ? [] : [vector.slice()];
    },
  };
}
