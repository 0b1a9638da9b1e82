import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHuggingFaceTokenizer } from '../embedder/hugging-face-tokenizer.js';
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import type { OnnxEmbedder } from '../embedder/onnx-embedder.js';
import {
  model2VecFixtureDirectory,
  sharedDataAvailable,
  sharedDataRequired,
} from '../test-support/shared-data.js';
import {
  expectBatchMatchesSingles,
  expectUnitVectors,
  sampleTexts,
} from '@quarry/testing/embedder-assertions';
import { importModel2Vec } from './model2vec-import.js';
import { readSafetensors, safetensorToFloat32, safetensorToInt32 } from './safetensors-reader.js';

/** Model2Vec's own arithmetic: mean of embeddings[mapping[id]] * weights[id] without [UNK], normalised. */
async function referenceVector(text: string): Promise<Float32Array> {
  const file = readSafetensors(
    await readFile(join(model2VecFixtureDirectory, 'model.safetensors')),
  );
  const table = safetensorToFloat32(file.tensors.get('embeddings')!);
  const mapping = safetensorToInt32(file.tensors.get('mapping')!);
  const weights = safetensorToFloat32(file.tensors.get('weights')!);
  const tokenizerJson = JSON.parse(
    await readFile(join(model2VecFixtureDirectory, 'tokenizer.json'), 'utf8'),
  ) as Record<string, unknown>;
  const ids = loadHuggingFaceTokenizer(tokenizerJson)
    .encode(text, { add_special_tokens: false })
    .ids.filter((id) => id !== 1);
  const sum = new Float64Array(64);
  for (const id of ids) {
    for (let dim = 0; dim < 64; dim += 1)
      sum[dim]! += table[mapping[id]! * 64 + dim]! * weights[id]!;
  }
  const norm = Math.hypot(...sum);
  return Float32Array.from(sum, (value) => value / norm);
}

describe.skipIf(!sharedDataRequired && !sharedDataAvailable)(
  'importModel2Vec on the m2v-tiny fixture',
  () => {
    let directory = '';
    let embedder: OnnxEmbedder;

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'quarry-m2v-'));
      const summary = await importModel2Vec({ from: model2VecFixtureDirectory, to: directory });
      expect(summary).toMatchObject({ vocabularySize: 29524, dimension: 64, rowCount: 128 });
      embedder = await createOnnxEmbedder({ modelDirectory: directory });
    });

    afterAll(async () => {
      await embedder.close();
      await rm(directory, { recursive: true, force: true });
    });

    it('writes an ONNX model folder with the tokenizer, config and provenance', () => {
      for (const file of [
        'model.onnx',
        'tokenizer.json',
        'config.json',
        'sentence_bert_config.json',
        'quarry-import.json',
      ]) {
        expect(existsSync(join(directory, file))).toBe(true);
      }
      expect(embedder.pooling).toBe('model');
      expect(embedder.inputNames).toEqual(['input_ids', 'attention_mask']);
      expect(embedder.maxLength).toBe(512);
    });

    it("gives unit vectors equal to Model2Vec's own computation", async () => {
      const vectors = await embedder.embed(sampleTexts);
      expectUnitVectors(vectors, 64);
      for (const [index, text] of sampleTexts.entries()) {
        const reference = await referenceVector(text);
        const difference = Math.max(
          ...reference.map((value, dim) => Math.abs(value - vectors[index]![dim]!)),
        );
        expect(difference).toBeLessThan(1e-5);
      }
    });

    it('is deterministic, and batched results match one-at-a-time results', async () => {
      expect(await embedder.embed(sampleTexts)).toEqual(await embedder.embed(sampleTexts));
      await expectBatchMatchesSingles(embedder, sampleTexts);
    });

    it('refuses a folder without Model2Vec weights', async () => {
      await expect(
        importModel2Vec({ from: directory, to: join(directory, 'again') }),
      ).rejects.toMatchObject({
        code: 'not_found',
      });
    });
  },
);
