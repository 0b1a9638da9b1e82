/**
 * Real inference on the shipped cross-encoder (ms-marco-MiniLM-L-12-v2, int8) that the default
 * model folder names: it reads a question with a sentence, on the calling thread and on the
 * embedding worker, on texts written for this test.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import type { OnnxEmbedder } from '../embedder/onnx-embedder.js';
import { createWorkerEmbedder } from '../embedder/worker-embedder.js';
import { readModelFolder } from '../model-files/model-folder.js';
import { defaultModelName } from '../registry/resolve-model.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { createOnnxReranker } from './onnx-reranker.js';

const question = 'How many cities were the street images recorded in?';
const answer =
  'The benchmark holds images of street scenes taken in fifty different cities across Europe.';
// On topic, sharing the question's words, but not answering it.
const distractor =
  'Street images are a common test bed, and many methods for city scenes rely on them.';
const unrelated = 'We thank the reviewers for their helpful comments on an earlier draft.';

describe('the shipped cross-encoder', () => {
  const modelDirectory = join(shippedModelsDirectory(), defaultModelName);
  let inThread: OnnxEmbedder;
  let inWorker: OnnxEmbedder;

  beforeAll(async () => {
    inThread = await createOnnxEmbedder({ modelDirectory, intraOpNumThreads: 2 });
    inWorker = await createWorkerEmbedder({ modelDirectory, intraOpNumThreads: 2 });
  });

  afterAll(async () => {
    await inThread.close();
    await inWorker.close();
  });

  it('is named by the default model folder and described on both threads', async () => {
    const folder = await readModelFolder(modelDirectory);
    expect(folder.rerankerDirectory).toMatch(/ms-marco-minilm-l12-v2-q$/);
    expect(inThread.rerankerId).toMatch(/^ms-marco-MiniLM-L-12-v2-q@[0-9a-f]{12}$/);
    expect(inWorker.rerankerId).toBe(inThread.rerankerId);
  });

  it('scores the answering sentence above an on-topic distractor and an unrelated one', async () => {
    const scores = await inThread.rerank!(question, [distractor, answer, unrelated]);
    expect(scores).toHaveLength(3);
    const [distractorScore, answerScore, unrelatedScore] = scores as [number, number, number];
    expect(answerScore).toBeGreaterThan(distractorScore);
    expect(distractorScore).toBeGreaterThan(unrelatedScore);
  });

  it('gives the worker the same scores as the calling thread, in the passages order', async () => {
    const passages = [unrelated, answer, distractor, answer];
    const here = await inThread.rerank!(question, passages);
    const there = await inWorker.rerank!(question, passages);
    there.forEach((score, position) => expect(score).toBeCloseTo(here[position]!, 3));
    expect(here[1]).toBeCloseTo(here[3]!, 3);
    expect(await inWorker.rerank!(question, [])).toEqual([]);
  });

  it('refuses a sentence encoder as a cross-encoder, naming the folder', async () => {
    await expect(createOnnxReranker({ modelDirectory })).rejects.toThrow(/not a cross-encoder/);
    await expect(
      createOnnxEmbedder({
        modelDirectory: join(shippedModelsDirectory(), 'ms-marco-minilm-l12-v2-q'),
      }),
    ).rejects.toThrow(/holds a cross-encoder, not a sentence encoder/);
  });

  it('refuses a model folder whose kind it does not know, naming quarry_config.json', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-kind-'));
    try {
      const shipped = join(shippedModelsDirectory(), 'ms-marco-minilm-l12-v2-q');
      await copyFile(join(shipped, 'tokenizer.json'), join(folder, 'tokenizer.json'));
      await writeFile(join(folder, 'model.onnx'), 'not read before the kind is');
      await writeFile(join(folder, 'quarry_config.json'), JSON.stringify({ kind: 'classifier' }));
      await expect(readModelFolder(folder)).rejects.toThrow(/quarry_config\.json.*kind must be/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
