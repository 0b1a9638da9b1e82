import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder } from '@quarry/encoder';
import { hasSharedData, sharedDataDirectory, sharedDataRequired } from '@quarry/testing';
import { expectUnitVectors } from '@quarry/testing/embedder-assertions';
import { writeWordnetFixture } from '../test-support/wordnet-fixture.js';
import { trainEncoder } from './train-encoder.js';
import type { TrainEncoderOptions, TrainingProgress } from './train-encoder.js';

const trainingDataPresent = hasSharedData(
  'tokenizers/bert-base-uncased-wordpiece/tokenizer.json',
  'datafinder/dataset_collection.jsonl',
);

describe.skipIf(!sharedDataRequired && !trainingDataPresent)(
  'trainEncoder (a few steps on the shared data)',
  () => {
    let workspace = '';
    const progress: TrainingProgress[] = [];

    beforeAll(async () => {
      workspace = await mkdtemp(join(tmpdir(), 'quarry-train-'));
      await mkdir(join(workspace, 'wordnet'));
      await writeWordnetFixture(join(workspace, 'wordnet'));
    });

    afterAll(async () => {
      await rm(workspace, { recursive: true, force: true });
    });

    const options = (outDir: string): TrainEncoderOptions => ({
      dataDir: sharedDataDirectory(),
      wordnetDirectory: join(workspace, 'wordnet'),
      outDir,
      seed: 11,
      steps: 12,
      batchSize: 16,
      dimension: 8,
      unseenTokenBuckets: 16,
      validateEverySteps: 0,
      evaluateHeldOut: false,
      onProgress: (event) => progress.push(event),
    });

    it('writes the same model.onnx twice for the same seed, and a loadable model folder', async () => {
      // Same folder name (it is written into the model) under two parents.
      const first = await trainEncoder(options(join(workspace, 'first', 'model')));
      await trainEncoder(options(join(workspace, 'second', 'model')));
      const [firstBytes, secondBytes] = await Promise.all(
        ['first', 'second'].map((name) => readFile(join(workspace, name, 'model', 'model.onnx'))),
      );
      expect(firstBytes!.equals(secondBytes!)).toBe(true);
      expect(first).toMatchObject({ stepsCompleted: 12, stoppedByTimeCap: false });
      for (const file of [
        'tokenizer.json',
        'tokenizer_config.json',
        'config.json',
        'README.md',
        'WORDNET-NOTICE.md',
      ]) {
        expect(existsSync(join(workspace, 'first', 'model', file))).toBe(true);
      }
      expect(progress.map((event) => event.phase)).toContain('training');
      const embedder = await createOnnxEmbedder({
        modelDirectory: join(workspace, 'first', 'model'),
      });
      try {
        expect(embedder.dimension).toBe(8);
        expectUnitVectors(await embedder.embed(['a trained model embeds text']), 8);
      } finally {
        await embedder.close();
      }
    });
  },
);
