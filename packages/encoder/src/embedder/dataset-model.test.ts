/**
 * Real inference on the shipped dataset model (e5-small-v2 fine-tuned here on dataset requests,
 * int8; decision 0017): what the recommender's second dense channel must do, on texts written for
 * this test, and a folder whose files are the ones its recipe lists.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibratedSimilarity } from '@quarry/core';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { useShippedEmbedder } from '../test-support/shipped-embedder.js';

const folderName = 'e5-small-v2-datasets-q';
const cosine = (left: Float32Array, right: Float32Array): number =>
  left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('the shipped dataset model', () => {
  const shipped = useShippedEmbedder(folderName);

  it("keeps e5's prompts and pooling, with its own calibration", () => {
    const embedder = shipped();
    expect(embedder.modelId).toMatch(/^e5-small-v2-datasets-q@[0-9a-f]{12}$/u);
    expect(embedder.dimension).toBe(384);
    expect(embedder.pooling).toBe('mean');
    expect(embedder.prompts).toEqual({ query: 'query: ', passage: 'passage: ' });
    // Contrastive fine-tuning spread the vectors out: unrelated texts sit far lower than e5's 0.78.
    expect(embedder.similarityFloor).toBeGreaterThan(0.05);
    expect(embedder.similarityFloor).toBeLessThan(0.4);
  });

  it('puts the dataset a request describes above an on-topic distractor and an unrelated one', async () => {
    const embedder = shipped();
    const [request] = await embedder.embed(
      [
        'We train a tiny keyword spotting network that wakes a microcontroller when someone says one of a few short command words.',
      ],
      'query',
    );
    const [fitting, onTopic, unrelated] = await embedder.embed(
      [
        'Voice Commands. One-second audio clips of many speakers each saying a single short word such as yes, no, up, down, stop or go, recorded for keyword spotting.',
        'Audiobook Speech. A thousand hours of read English speech from public-domain audiobooks, segmented into sentences with transcripts, for automatic speech recognition.',
        'Street Scenes. Pixel-level semantic labels for images of urban streets taken from a car in fifty cities.',
      ],
      'passage',
    );
    const floor = embedder.similarityFloor ?? 0;
    const score = (passage: Float32Array) => calibratedSimilarity(cosine(request!, passage), floor);
    expect(score(fitting!)).toBeGreaterThan(score(onTopic!));
    expect(score(onTopic!)).toBeGreaterThan(score(unrelated!));
  });

  it('is the folder its recipe and its card list, file by file', () => {
    const folder = join(shippedModelsDirectory(), folderName);
    const recipe = JSON.parse(readFileSync(join(folder, 'source.json'), 'utf8')) as {
      sha256: Record<string, string>;
      trained_from: { folder: string; shared_files: string[] };
    };
    expect(Object.keys(recipe.sha256)).toContain('model.onnx');
    const card = readFileSync(join(folder, 'README.md'), 'utf8');
    for (const [path, expected] of Object.entries(recipe.sha256)) {
      const actual = createHash('sha256')
        .update(readFileSync(join(folder, path)))
        .digest('hex');
      expect(actual, path).toBe(expected);
      // The model card lists the same hash.
      expect(card, `${path} in README.md`).toContain(expected);
    }
    for (const path of recipe.trained_from.shared_files) {
      expect(readFileSync(join(folder, path)), path).toEqual(
        readFileSync(join(shippedModelsDirectory(), recipe.trained_from.folder, path)),
      );
    }
  });
});
