import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bertTokenizerDirectory,
  sharedDataAvailable,
  sharedDataRequired,
} from '../test-support/shared-data.js';
import { writeTinyBertModel } from '../test-support/tiny-bert-model.js';
import {
  expectBatchMatchesSingles,
  expectUnitVectors,
  sampleTexts,
} from '@quarry/testing/embedder-assertions';
import { createOnnxEmbedder } from './onnx-embedder.js';

describe.skipIf(!sharedDataRequired && !sharedDataAvailable)(
  'createOnnxEmbedder on a BERT-architecture model (random weights)',
  () => {
    let directory = '';

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'quarry-tiny-bert-'));
      await writeTinyBertModel({
        directory: join(directory, 'mean'),
        tokenizerDirectory: bertTokenizerDirectory,
        seed: 7,
      });
      await writeTinyBertModel({
        directory: join(directory, 'cls'),
        tokenizerDirectory: bertTokenizerDirectory,
        seed: 7,
        pooling: 'cls',
        onnxSubfolder: true,
      });
    });

    afterAll(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    it('feeds the inputs the session declares and pools as 1_Pooling says', async () => {
      const embedder = await createOnnxEmbedder({
        modelDirectory: join(directory, 'mean'),
        intraOpNumThreads: 1,
      });
      try {
        expect(embedder.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
        expect(embedder.pooling).toBe('mean');
        expect(embedder.dimension).toBe(16);
        expect(embedder.maxLength).toBe(64);
        expect(embedder.modelId).toMatch(/^tiny-random-bert@[0-9a-f]{12}$/);
        const vectors = await embedder.embed(sampleTexts);
        expect(vectors).toHaveLength(sampleTexts.length);
        expectUnitVectors(vectors, 16);
      } finally {
        await embedder.close();
      }
    });

    it('is deterministic, and batched results match one-at-a-time results', async () => {
      const embedder = await createOnnxEmbedder({
        modelDirectory: join(directory, 'mean'),
        batchSize: 3,
      });
      try {
        const first = await embedder.embed(sampleTexts);
        const second = await embedder.embed(sampleTexts);
        expect(second).toEqual(first);
        await expectBatchMatchesSingles(embedder, sampleTexts);
      } finally {
        await embedder.close();
      }
    });

    it('reads onnx/model.onnx and CLS pooling, which differs from mean pooling', async () => {
      const cls = await createOnnxEmbedder({ modelDirectory: join(directory, 'cls') });
      const mean = await createOnnxEmbedder({ modelDirectory: join(directory, 'mean') });
      try {
        expect(cls.pooling).toBe('cls');
        const [clsVector] = await cls.embed(['a dataset of street scenes']);
        const [meanVector] = await mean.embed(['a dataset of street scenes']);
        expect(clsVector).not.toEqual(meanVector);
        expectUnitVectors([clsVector!], 16);
      } finally {
        await cls.close();
        await mean.close();
      }
    });

    it('truncates texts longer than the model allows and says so through debug', async () => {
      const messages: { message: string; fields: Readonly<Record<string, unknown>> | undefined }[] =
        [];
      const embedder = await createOnnxEmbedder({
        modelDirectory: join(directory, 'mean'),
        debug: (message, fields) => messages.push({ message, fields }),
      });
      try {
        const longText = 'segmentation '.repeat(300);
        // Without truncation the 64-row position table would make onnxruntime fail.
        const [vector] = await embedder
          .embed(['short text', longText])
          .then((vectors) => vectors.slice(1));
        expectUnitVectors([vector!], 16);
        const truncation = messages.find((entry) => entry.message.includes('truncated'));
        expect(truncation?.fields).toMatchObject({ textIndex: 1, maxLength: 64, tokenCount: 602 });
      } finally {
        await embedder.close();
      }
    });

    it('puts the folder prompts before queries and passages, and reads quarry_config.json', async () => {
      const prompted = join(directory, 'prompted');
      await writeTinyBertModel({
        directory: prompted,
        tokenizerDirectory: bertTokenizerDirectory,
        seed: 7,
      });
      await writeFile(
        join(prompted, 'config_sentence_transformers.json'),
        JSON.stringify({ prompts: { query: 'query: ', document: 'passage: ' } }),
      );
      await writeFile(
        join(prompted, 'quarry_config.json'),
        JSON.stringify({ similarity_floor: 0.5, word_vectors_from: '../mean' }),
      );
      const plain = await createOnnxEmbedder({ modelDirectory: join(directory, 'mean') });
      const embedder = await createOnnxEmbedder({ modelDirectory: prompted });
      try {
        expect(embedder.prompts).toEqual({ query: 'query: ', passage: 'passage: ' });
        expect(embedder.similarityFloor).toBe(0.5);
        expect(plain.similarityFloor).toBeUndefined();
        // Same weights: a prompted text is the plain model's vector of the prompt plus the text.
        const [asQuery] = await embedder.embed(['street scenes'], 'query');
        const [asPassage] = await embedder.embed(['street scenes']);
        const [expectedQuery, expectedPassage] = await plain.embed([
          'query: street scenes',
          'passage: street scenes',
        ]);
        expect(asQuery).toEqual(expectedQuery);
        expect(asPassage).toEqual(expectedPassage);
        // Same weights and name: only the prompts, hashed into the id, tell the two apart.
        expect(embedder.modelId).not.toBe(plain.modelId);
      } finally {
        await embedder.close();
        await plain.close();
      }
    });

    it('refuses a similarity floor outside [0, 1), naming the file', async () => {
      const broken = join(directory, 'broken-floor');
      await writeTinyBertModel({
        directory: broken,
        tokenizerDirectory: bertTokenizerDirectory,
        seed: 7,
      });
      await writeFile(
        join(broken, 'quarry_config.json'),
        JSON.stringify({ similarity_floor: 1.5 }),
      );
      await expect(createOnnxEmbedder({ modelDirectory: broken })).rejects.toMatchObject({
        code: 'invalid_input',
        where: join(broken, 'quarry_config.json'),
      });
    });

    it('embeds an empty list and an empty string', async () => {
      const embedder = await createOnnxEmbedder({ modelDirectory: join(directory, 'mean') });
      try {
        expect(await embedder.embed([])).toEqual([]);
        const [vector] = await embedder.embed(['']);
        expectUnitVectors([vector!], 16);
      } finally {
        await embedder.close();
      }
    });
  },
);
