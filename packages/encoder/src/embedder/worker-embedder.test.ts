/**
 * The shipped default model on a worker thread (real inference): the same vectors and description
 * as on the calling thread, an event loop that keeps turning while a large batch runs, queries
 * served before a long passage job, and a broken model reported with its file.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTexts } from '@quarry/testing/embedder-assertions';
import { resolveModel } from '../registry/resolve-model.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';
import { createOnnxEmbedder } from './onnx-embedder.js';
import type { OnnxEmbedder } from './onnx-embedder.js';
import { createWorkerEmbedder } from './worker-embedder.js';

/** Longest gap between ticks of a 5 ms timer while `work` runs, and how long it ran. */
async function loopGaps(work: () => Promise<unknown>): Promise<{ gap: number; took: number }> {
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  clearInterval(timer);
  gap = Math.max(gap, performance.now() - last);
  return { gap, took };
}

const longTexts = Array.from(
  { length: 192 },
  (_, index) =>
    `Sentence ${index}: we train a segmentation network on urban street scenes recorded in fifty ` +
    `cities and evaluate it on held-out cities, reporting mean intersection over union per class.`,
);

describe('the embedder on a worker thread', () => {
  let modelDirectory = '';
  let cacheDir = '';
  let inThread: OnnxEmbedder;
  let inWorker: OnnxEmbedder;

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'quarry-worker-embedder-'));
    const model = await resolveModel({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir,
    });
    modelDirectory = model.directory;
    // One batch of 64 on the calling thread: the loop waits for all of it.
    inThread = await createOnnxEmbedder({ modelDirectory, intraOpNumThreads: 2, batchSize: 64 });
    inWorker = await createWorkerEmbedder({ modelDirectory, intraOpNumThreads: 2, batchSize: 192 });
  });

  afterAll(async () => {
    await inThread.close();
    await inWorker.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('describes the model as the calling thread does and gives the same vectors', async () => {
    expect(inWorker.modelId).toBe(inThread.modelId);
    expect(inWorker.dimension).toBe(inThread.dimension);
    expect(inWorker.prompts).toEqual(inThread.prompts);
    expect(inWorker.similarityFloor).toBe(inThread.similarityFloor);
    expect(inWorker.wordVectors?.rowOf('hardware')).toBe(inThread.wordVectors?.rowOf('hardware'));
    for (const purpose of ['query', 'passage'] as const) {
      const expected = await inThread.embed(sampleTexts, purpose);
      const vectors = await inWorker.embed(sampleTexts, purpose);
      expect(vectors).toEqual(expected);
    }
    expect(await inWorker.embed([])).toEqual([]);
  });

  it('keeps the event loop turning while a large batch runs (the calling thread does not)', async () => {
    const worker = await loopGaps(() => inWorker.embed(longTexts));
    const calling = await loopGaps(() => inThread.embed(longTexts.slice(0, 64)));
    // On the calling thread one batch holds the loop from start to end.
    expect(calling.gap).toBeGreaterThan(calling.took * 0.5);
    expect(worker.gap).toBeLessThan(worker.took * 0.25);
  });

  it('serves a query that arrives during a long passage job before that job ends', async () => {
    const small = await createWorkerEmbedder({
      modelDirectory,
      intraOpNumThreads: 2,
      batchSize: 8,
    });
    try {
      const finished: string[] = [];
      const passages = small.embed(longTexts).then(() => finished.push('passages'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const query = small
        .embed(['urban scene segmentation'], 'query')
        .then(() => finished.push('query'));
      await Promise.all([passages, query]);
      expect(finished).toEqual(['query', 'passages']);
    } finally {
      await small.close();
    }
  });

  it('reports a model file that does not load as the calling thread does, naming the file', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'quarry-broken-model-'));
    try {
      for (const name of ['tokenizer.json', 'tokenizer_config.json', 'config.json']) {
        await copyFile(join(modelDirectory, name), join(broken, name));
      }
      await writeFile(join(broken, 'model.onnx'), 'not an onnx model');
      const failure = await createWorkerEmbedder({ modelDirectory: broken }).catch(
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: 'model_failure', where: join(broken, 'model.onnx') });
      expect(String((failure as Error).message)).toContain('onnxruntime could not load the model');
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
