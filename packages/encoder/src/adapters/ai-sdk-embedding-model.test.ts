import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedMany } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { loadEmbedder } from '../registry/load-embedder.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { quarryEmbeddingModel } from './ai-sdk-embedding-model.js';

describe('AI SDK embedding model over the shipped model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const loaded = await loadEmbedder({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir: await mkdtemp(join(tmpdir(), 'quarry-adapters-')),
    });
    embedder = loaded.embedder;
  });

  it('AI SDK embedMany gives the same vectors through the Quarry model', async () => {
    const values = ['question answering over Wikipedia', 'image classification'];
    const { embeddings } = await embedMany({ model: quarryEmbeddingModel({ embedder }), values });
    const direct = await embedder.embed(values);
    expect(embeddings).toHaveLength(2);
    embeddings[1]?.forEach((value, index) =>
      expect(value).toBeCloseTo(direct[1]?.[index] ?? NaN, 6),
    );
  });
});
