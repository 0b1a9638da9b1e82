import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { QuarryEmbeddings } from './quarry-embeddings.js';

describe('QuarryEmbeddings over the shipped model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    const loaded = await loadEmbedder({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir: await mkdtemp(join(tmpdir(), 'quarry-langchain-embeddings-')),
    });
    embedder = loaded.embedder;
  });

  it('returns the encoder vectors as plain arrays', async () => {
    const embeddings = new QuarryEmbeddings({ embedder });
    const texts = ['semantic segmentation of street scenes', 'speech recognition of read English'];
    const documents = await embeddings.embedDocuments(texts);
    const [direct] = await embedder.embed([texts[0] ?? '']);
    expect(documents).toHaveLength(2);
    expect(documents[0]).toHaveLength(embedder.dimension);
    documents[0]?.forEach((value, index) => expect(value).toBeCloseTo(direct?.[index] ?? NaN, 6));
    expect(await embeddings.embedQuery(texts[1] ?? '')).toEqual(documents[1]);
  });
});
