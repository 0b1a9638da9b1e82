import { describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { conceptEmbedder, recommenderSampleCatalog as sampleCatalog } from '@quarry/testing';
import { createDatasetRecommender } from './dataset-recommender.js';
import { denseChannelWeights, parseDenseChannelList } from './dense-channels.js';

/** An embedder that answers queries only after `release()`, to see two run at once. */
function gatedEmbedder(inner: Embedder, started: string[], name: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const embedder: Embedder = {
    ...inner,
    modelId: name,
    async embed(texts, purpose) {
      if (purpose === 'query') {
        started.push(name);
        await gate;
      }
      return inner.embed(texts, purpose);
    },
  };
  return { embedder, release: () => release() };
}

describe('dense channels', () => {
  it('gives each channel its named weight, and the rest of denseWeight shared evenly', () => {
    expect(denseChannelWeights(['dense'], { denseWeight: 0.5, denseWeights: {} })).toEqual([0.5]);
    expect(denseChannelWeights(['a', 'b'], { denseWeight: 0.5, denseWeights: {} })).toEqual([
      0.25, 0.25,
    ]);
    expect(
      denseChannelWeights(['a', 'b'], { denseWeight: 0.5, denseWeights: { a: 0.4, b: 0.1 } }),
    ).toEqual([0.4, 0.1]);
    expect(() =>
      denseChannelWeights(['a', 'b'], { denseWeight: 0.5, denseWeights: { a: 0.8, b: 0.4 } }),
    ).toThrow(/sum to at most 1/u);
  });

  it('reads a plus-separated list of channels with optional weights', () => {
    expect(parseDenseChannelList('quarry-static-v2')).toEqual({
      names: ['quarry-static-v2'],
      weights: {},
    });
    expect(parseDenseChannelList('quarry-static-v2=0.4 + same=0.1')).toEqual({
      names: ['quarry-static-v2', 'same'],
      weights: { 'quarry-static-v2': 0.4, same: 0.1 },
    });
    expect(() => parseDenseChannelList('a=1.5')).toThrow(/between 0 and 1/u);
  });

  it('ranks with one channel as it did with `embedder`', async () => {
    const query = { query: 'automobiles driving in the city', limit: 5 };
    const single = await createDatasetRecommender({
      datasets: sampleCatalog,
      embedder: conceptEmbedder(),
    });
    const channel = await createDatasetRecommender({
      datasets: sampleCatalog,
      denseChannels: [{ name: 'toy', embedder: conceptEmbedder() }],
    });
    expect(await channel.rank(query)).toEqual(await single.rank(query));
    await expect(
      createDatasetRecommender({
        datasets: sampleCatalog,
        embedder: conceptEmbedder(),
        denseChannels: [],
      }),
    ).rejects.toThrow(/not both/u);
  });

  it('a channel at weight 0 is not asked to embed the query; two channels embed at once', async () => {
    const unused = conceptEmbedder();
    const off = await createDatasetRecommender({
      datasets: sampleCatalog,
      denseChannels: [
        { name: 'on', embedder: conceptEmbedder() },
        { name: 'off', embedder: unused },
      ],
      settings: { denseWeights: { on: 0.5, off: 0 } },
    });
    const callsAfterBuild = unused.calls;
    const [top] = await off.rank({ query: 'automobiles', limit: 1 });
    expect(top?.datasetId).toBe('KITTI');
    expect(unused.calls).toBe(callsAfterBuild);

    const started: string[] = [];
    const first = gatedEmbedder(conceptEmbedder(), started, 'first');
    const second = gatedEmbedder(conceptEmbedder(), started, 'second');
    const both = await createDatasetRecommender({
      datasets: sampleCatalog,
      denseChannels: [
        { name: 'first', embedder: first.embedder },
        { name: 'second', embedder: second.embedder },
      ],
    });
    const ranking = both.rank({ query: 'automobiles', limit: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Neither query embedding has finished, yet both have started.
    expect(started).toEqual(['first', 'second']);
    first.release();
    second.release();
    expect((await ranking)[0]?.datasetId).toBe('KITTI');
  });
});
