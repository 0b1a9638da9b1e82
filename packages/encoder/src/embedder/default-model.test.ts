/**
 * Real inference on the shipped default model (e5-small-v2, int8): what a pretrained sentence
 * encoder must do for Quarry, on texts written for this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibratedSimilarity } from '@quarry/core';
import { expectUnitVectors, sampleTexts } from '@quarry/testing/embedder-assertions';
import { defaultModelName, resolveModel } from '../registry/resolve-model.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { createOnnxEmbedder } from './onnx-embedder.js';
import type { OnnxEmbedder } from './onnx-embedder.js';

const cosine = (left: Float32Array, right: Float32Array): number =>
  left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('the shipped default model', () => {
  let embedder: OnnxEmbedder;
  let cacheDir = '';

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'quarry-default-model-'));
    const model = await resolveModel({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir,
    });
    embedder = await createOnnxEmbedder({ modelDirectory: model.directory, intraOpNumThreads: 2 });
  });

  afterAll(async () => {
    await embedder.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('is the pretrained e5-small-v2 with its prompts, mean pooling and calibration', () => {
    expect(defaultModelName).toBe('e5-small-v2-q');
    expect(embedder.modelId).toMatch(/^e5-small-v2-q@[0-9a-f]{12}$/);
    expect(embedder.dimension).toBe(384);
    expect(embedder.pooling).toBe('mean');
    expect(embedder.prompts).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(embedder.similarityFloor).toBeGreaterThan(0.5);
    // The general-English word vectors come from the static model's folder.
    expect(embedder.wordVectors?.rowOf('hardware')).toBeTypeOf('number');
  });

  it('gives unit vectors; batched and single vectors agree up to int8 noise', async () => {
    const vectors = await embedder.embed(sampleTexts);
    expectUnitVectors(vectors, embedder.dimension);
    expect(await embedder.embed(sampleTexts)).toEqual(vectors);
    // Dynamic int8 quantisation scales activations per batch, so a text's vector moves slightly
    // with its batch mates (measured cosine >= 0.997); rankings do not notice, exact equality fails.
    for (const [position, text] of sampleTexts.entries()) {
      const [single] = await embedder.embed([text]);
      expect(cosine(single!, vectors[position]!)).toBeGreaterThan(0.995);
    }
  });

  it('keeps each text in its place when several batches run at once (parallelRuns)', async () => {
    const texts = Array.from(
      { length: 9 },
      (_, position) => sampleTexts[position % sampleTexts.length]! + ` (${position})`,
    );
    const parallel = await createOnnxEmbedder({
      modelDirectory: (
        await resolveModel({ spec: 'default', modelsDir: shippedModelsDirectory(), cacheDir })
      ).directory,
      intraOpNumThreads: 1,
      parallelRuns: 3,
      batchSize: 2,
    });
    try {
      const one = await createOnnxEmbedder({
        modelDirectory: (
          await resolveModel({ spec: 'default', modelsDir: shippedModelsDirectory(), cacheDir })
        ).directory,
        intraOpNumThreads: 1,
        batchSize: 2,
      });
      try {
        // The same batches either way (longest first, two texts each), so the vectors are equal.
        expect(await parallel.embed(texts)).toEqual(await one.embed(texts));
      } finally {
        await one.close();
      }
    } finally {
      await parallel.close();
    }
  });

  it('ranks a paraphrased answer above an on-topic sentence that does not answer', async () => {
    const pairs = [
      {
        question: 'How long does it take to train the model?',
        answer: 'Training converges after about six hours on a single GPU.',
        distractor: 'The model is trained with the Adam optimiser and a batch size of 32.',
      },
      {
        question: 'What did the authors do when labelled data was missing?',
        answer:
          'Without annotated examples, we generated training labels automatically from a knowledge base.',
        distractor: 'The authors describe the data in Section 2.',
      },
    ];
    for (const pair of pairs) {
      const [question] = await embedder.embed([pair.question], 'query');
      const [answer, distractor] = await embedder.embed([pair.answer, pair.distractor]);
      expect(cosine(question!, answer!)).toBeGreaterThan(cosine(question!, distractor!));
    }
  });

  it('embeds a query differently from the same text as a passage (the e5 prompts)', async () => {
    const text = 'semantic segmentation of street scenes';
    const [asQuery] = await embedder.embed([text], 'query');
    const [asPassage] = await embedder.embed([text], 'passage');
    const similarity = cosine(asQuery!, asPassage!);
    expect(similarity).toBeLessThan(0.999);
    expect(similarity).toBeGreaterThan(0.8);
  });

  it('puts unrelated texts near the floor and related ones well above it, after calibration', async () => {
    const [query] = await embedder.embed(
      ['datasets of street scenes for self-driving cars'],
      'query',
    );
    const [related, unrelated] = await embedder.embed([
      'Cityscapes contains pixel-level annotations of street scenes recorded in 50 cities.',
      'A corpus of recipes with their ingredients and cooking times.',
    ]);
    const floor = embedder.similarityFloor ?? 0;
    expect(calibratedSimilarity(cosine(query!, related!), floor)).toBeGreaterThan(0.2);
    expect(calibratedSimilarity(cosine(query!, unrelated!), floor)).toBeLessThan(0.05);
  });
});
