import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectBatchMatchesSingles,
  expectUnitVectors,
  sampleTexts,
} from '@quarry/testing/embedder-assertions';
import { useShippedEmbedder } from '../test-support/shipped-embedder.js';
import type { OnnxEmbedder } from './onnx-embedder.js';

describe('the shipped static model (quarry-static-v2)', () => {
  const shipped = useShippedEmbedder('quarry-static-v2');
  // Every test below runs after the hooks have loaded it.
  let embedder: OnnxEmbedder;
  beforeAll(() => {
    embedder = shipped();
  });

  // How fast it loads is a benchmark's question, not this test's.
  it('loads with the pooled sentence_embedding output', () => {
    expect(embedder.pooling).toBe('model');
    expect(embedder.inputNames).toEqual(['input_ids', 'attention_mask']);
    expect(embedder.modelId).toMatch(/^quarry-static-v2@[0-9a-f]{12}$/);
  });

  it('gives unit vectors, the same for the same text, batched or not', async () => {
    const vectors = await embedder.embed(sampleTexts);
    expectUnitVectors(vectors, embedder.dimension);
    expect(await embedder.embed(sampleTexts)).toEqual(vectors);
    const [repeatedFirst, repeatedSecond] = await embedder.embed([
      sampleTexts[1]!,
      sampleTexts[1]!,
    ]);
    expect(repeatedFirst).toEqual(repeatedSecond);
    await expectBatchMatchesSingles(embedder, sampleTexts);
  });

  it('places a description nearer to its topic than to an unrelated one', async () => {
    const [query, related, unrelated] = await embedder.embed([
      'semantic segmentation of urban street scenes for autonomous driving',
      'Cityscapes contains pixel-level annotations of street scenes recorded in 50 cities, for self-driving cars.',
      'A corpus of questions asked about Wikipedia articles, with answers marked in the text.',
    ]);
    const cosine = (left: Float32Array, right: Float32Array): number =>
      left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    expect(cosine(query!, related!)).toBeGreaterThan(cosine(query!, unrelated!) + 0.1);
  });

  it('gives a zero vector for a text without any known token', async () => {
    const [vector] = await embedder.embed(['']);
    expect(vector?.length).toBeGreaterThan(0);
    expect(vector?.every((value) => value === 0)).toBe(true);
  });
});
