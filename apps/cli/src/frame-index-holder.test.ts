import { afterEach, describe, expect, it } from 'vitest';
import { findInPaper } from '@quarry/frames';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { createFrameIndexHolder } from './frame-index-holder.js';
import { topicPaper as paper } from './test-support/topic-paper.js';

describe('the frame index holder', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
  });

  it('makes an added paper searchable by its words at once, then gives it its vectors', async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(paper('p-old', 'parsing'));
    const lines: string[] = [];
    const holder = createFrameIndexHolder({
      store,
      embedder: createHashingEmbedder(),
      log: (line) => lines.push(line),
    });
    await holder.reload();
    await store.papers.upsert(paper('p-new', 'segmentation'));
    await holder.addPapers(['p-new']);
    const lexical = holder.current();
    if (lexical === null) throw new Error('no index after addPapers');
    expect(lexical.paperRange('p-new')).toBeDefined();
    expect(lexical.awaitsVectors('p-new')).toBe(true);
    expect(lexical.awaitsVectors('p-old')).toBe(false);
    const words = await findInPaper({
      index: lexical,
      paperId: 'p-new',
      query: 'segmentation learning rate',
      mode: 'question',
    });
    expect(words.hits[0]?.text).toContain('learning rate of 0.001');

    await holder.settled();
    const filled = holder.current();
    expect(filled).not.toBe(lexical);
    expect(filled?.awaitsVectors('p-new')).toBe(false);
    expect(filled?.frameCount).toBe(4);
    expect(lines.some((line) => /vectors for 1 paper\(s\): 2 frames/.test(line))).toBe(true);
    // Stored: a reload embeds nothing again.
    const stored = await store.vectors.get({
      ownerKind: 'frame',
      model: createHashingEmbedder().modelId,
      ownerIds: (await store.papers.frames('p-new')).map((frame) => frame.id),
    });
    expect(stored).toHaveLength(2);
  });
});
