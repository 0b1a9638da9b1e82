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
    // The same batch as the encoder's own call (int8 activations are scaled per batch).
    const [direct] = await embedder.embed(texts);
    expect(documents).toHaveLength(2);
    expect(documents[0]).toHaveLength(embedder.dimension);
    documents[0]?.forEach((value, index) => expect(value).toBeCloseTo(direct?.[index] ?? NaN, 6));
    // A query is embedded as one (the model's query prompt), not as a document.
    const [asQuery] = await embedder.embed([texts[1] ?? ''], 'query');
    expect(await embeddings.embedQuery(texts[1] ?? '')).toEqual(Array.from(asQuery ?? []));
    expect(await embeddings.embedQuery(texts[1] ?? '')).not.toEqual(documents[1]);
  });
});
