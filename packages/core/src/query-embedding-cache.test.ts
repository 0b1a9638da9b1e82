/** The query-embedding cache: one model call per text while remembered, bounded, copies out. */
import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.js';
import { withQueryEmbeddingCache } from './query-embedding-cache.js';

function countingEmbedder() {
  const calls: string[][] = [];
  const embedder: Embedder = {
    modelId: 'counting',
    dimension: 2,
    embed(texts) {
      calls.push([...texts]);
      if (texts.includes('fail')) return Promise.reject(new Error('model down'));
      return Promise.resolve(texts.map((text) => new Float32Array([text.length, 1])));
    },
  };
  return { embedder, calls };
}

describe('withQueryEmbeddingCache', () => {
  it('embeds a repeated query once, and gives each caller its own copy', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = withQueryEmbeddingCache(embedder, 8);
    const [first] = await cached.embed(['graph neural networks']);
    first?.fill(0);
    const [second] = await cached.embed(['graph neural networks']);
    expect(Array.from(second ?? [])).toEqual([21, 1]);
    expect(calls).toEqual([['graph neural networks']]);
  });

  it('forgets the least recently used past its size, passes batches through, retries failures', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = withQueryEmbeddingCache(embedder, 2);
    await cached.embed(['a']);
    await cached.embed(['bb']);
    await cached.embed(['a']);
    await cached.embed(['ccc']); // drops 'bb', the least recently used
    await cached.embed(['a']);
    await cached.embed(['bb']);
    expect(calls.map((call) => call.join())).toEqual(['a', 'bb', 'ccc', 'bb']);
    await cached.embed(['x', 'y']);
    await cached.embed(['x', 'y']);
    expect(calls.slice(-2)).toEqual([
      ['x', 'y'],
      ['x', 'y'],
    ]);
    await expect(cached.embed(['fail'])).rejects.toThrow('model down');
    await expect(cached.embed(['fail'])).rejects.toThrow('model down');
    expect(calls.filter((call) => call[0] === 'fail')).toHaveLength(2);
  });

  it('keeps the model’s cross-encoder, every call reaching it', async () => {
    const { embedder } = countingEmbedder();
    const asked: string[] = [];
    const withReranker: Embedder = {
      ...embedder,
      embed: embedder.embed.bind(embedder),
      rerankerId: 'cross@1',
      rerank: (query, passages) => {
        asked.push(query);
        return Promise.resolve(passages.map((passage) => passage.length));
      },
    };
    const cached = withQueryEmbeddingCache(withReranker, 2);
    expect(cached.rerankerId).toBe('cross@1');
    expect(await cached.rerank?.('q', ['ab', 'c'])).toEqual([2, 1]);
    expect(await cached.rerank?.('q', ['ab'])).toEqual([2]);
    expect(asked).toEqual(['q', 'q']);
    expect('rerank' in withQueryEmbeddingCache(embedder, 2)).toBe(false);
  });
});
