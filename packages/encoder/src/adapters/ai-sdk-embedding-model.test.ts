import { embedMany } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { loadEmbedder } from '../registry/load-embedder.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { quarryEmbeddingModel } from './ai-sdk-embedding-model.js';
import { QuarryEmbeddings } from './langchain-embeddings.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('embedding adapters over the shipped model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const loaded = await loadEmbedder({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir: await mkdtemp(join(tmpdir(), 'quarry-adapters-')),
    });
    embedder = loaded.embedder;
  });

  it('LangChain Embeddings returns the encoder vectors as plain arrays', async () => {
    const embeddings = new QuarryEmbeddings({ embedder });
    const texts = ['semantic segmentation of street scenes', 'speech recognition of read English'];
    const documents = await embeddings.embedDocuments(texts);
    const [direct] = await embedder.embed([texts[0] ?? '']);
    expect(documents).toHaveLength(2);
    expect(documents[0]).toHaveLength(embedder.dimension);
    documents[0]?.forEach((value, index) => expect(value).toBeCloseTo(direct?.[index] ?? NaN, 6));
    expect(await embeddings.embedQuery(texts[1] ?? '')).toEqual(documents[1]);
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
