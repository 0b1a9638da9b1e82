import { describe, expect, it } from 'vitest';
import type { Embedder } from '@quarry/core';
import { conceptEmbedder } from '@quarry/testing';
import { datasetChannels, datasetModelList, datasetModelSpec } from './dataset-embedder.js';
import { loadSettings } from './settings.js';

const silentIo = () => {
  const lines: string[] = [];
  return {
    lines,
    io: {
      stdout: () => undefined,
      stderr: (text: string) => lines.push(text),
    } as unknown as Parameters<typeof datasetChannels>[0]['io'],
  };
};

const named = (modelId: string): Embedder => ({ ...conceptEmbedder(), modelId });

describe('the dataset model list', () => {
  it('reads one model or several joined by +, each with an optional weight', () => {
    expect(datasetModelList(loadSettings({ QUARRY_DATASET_MODEL: 'a=0.4+same=0.1' }))).toEqual({
      names: ['a', 'same'],
      weights: { a: 0.4, same: 0.1 },
    });
    expect(
      datasetModelSpec(
        loadSettings({ QUARRY_DATASET_MODEL: 'quarry-static-v2+same', QUARRY_MODEL: 'my-folder' }),
      ),
    ).toBe('quarry-static-v2+my-folder');
    expect(datasetModelList(loadSettings({}), 'none').names).toEqual(['none']);
  });

  it('serves `same` with the answer model and loads the others; a failed one is left out', async () => {
    const { io, lines } = silentIo();
    const answer = named('answer');
    const loaded: string[] = [];
    const dense = await datasetChannels({
      list: {
        names: ['static', 'same', 'broken'],
        weights: { static: 0.4, same: 0.1, broken: 0.2 },
      },
      answerEmbedder: Promise.resolve(answer),
      io,
      load: (name) => {
        loaded.push(name);
        if (name === 'broken') return Promise.reject(new Error('no such model'));
        return Promise.resolve(named(name));
      },
    });
    expect(dense.channels.map((channel) => [channel.name, channel.embedder.modelId])).toEqual([
      ['static', 'static'],
      ['same', 'answer'],
    ]);
    expect(loaded).toEqual(['static', 'broken']);
    // The weight of a channel left out goes back to BM25.
    expect(dense.settings).toEqual({ denseWeights: { static: 0.4, same: 0.1 } });
    expect(lines.join('')).toMatch(/broken did not load/u);
  });

  it('falls back to the answer model alone when no listed model loads', async () => {
    const { io } = silentIo();
    const answer = named('answer');
    const dense = await datasetChannels({
      list: { names: ['broken'], weights: { broken: 0.3 } },
      answerEmbedder: answer,
      io,
      load: () => Promise.reject(new Error('no')),
    });
    expect(dense.channels.map((channel) => channel.embedder)).toEqual([answer]);
    expect(dense.settings).toEqual({});
  });
});
