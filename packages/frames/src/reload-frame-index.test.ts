import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { loadFrameIndex } from './load-frame-index.js';
import { segmentationPaper, translationPaper } from './test-support/sample-papers.js';

describe('reloading the frame index after new papers', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('embeds only the new paper, reuses the vectors it holds, and answers as a fresh load does', async () => {
    const embedder = createHashingEmbedder();
    await store.papers.upsert(translationPaper);
    const first = await loadFrameIndex({ store, embedder });
    expect(first.stats.embeddedFrames).toBe(translationPaper.sentences.length);

    await store.papers.upsert(segmentationPaper);
    const reads: string[][] = [];
    const get = store.vectors.get.bind(store.vectors);
    store.vectors.get = (options) => {
      reads.push(options.ownerIds);
      return get(options);
    };
    const reloaded = await loadFrameIndex({ store, embedder, previous: first.index });
    store.vectors.get = get;
    expect(reloaded.stats.embeddedFrames).toBe(segmentationPaper.sentences.length);
    const heldIds = new Set(
      (await store.papers.frames(translationPaper.id)).map((frame) => frame.id),
    );
    expect(reads.flat().some((id) => heldIds.has(id))).toBe(false);

    const fresh = await loadFrameIndex({ store, embedder });
    for (const query of ['what learning rate is used', 'mean IoU on Cityscapes']) {
      const fromReload = await reloaded.index.search({ query, limit: 5 });
      const fromFresh = await fresh.index.search({ query, limit: 5 });
      expect(fromReload.hits.map((hit) => [hit.frameId, hit.score])).toEqual(
        fromFresh.hits.map((hit) => [hit.frameId, hit.score]),
      );
    }
  });
});
