/**
 * @module A shipped model folder loaded for a test file: resolved from `models/` through a
 * throw-away cache, opened on two threads before the tests and closed after them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import type { OnnxEmbedder } from '../embedder/onnx-embedder.js';
import { resolveModel } from '../registry/resolve-model.js';
import { shippedModelsDirectory } from '../registry/repository-paths.js';

/** Registers the hooks; the returned function gives the embedder inside a test. */
export function useShippedEmbedder(spec: string): () => OnnxEmbedder {
  let embedder: OnnxEmbedder | undefined;
  let cacheDir = '';
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'quarry-shipped-'));
    const model = await resolveModel({ spec, modelsDir: shippedModelsDirectory(), cacheDir });
    embedder = await createOnnxEmbedder({ modelDirectory: model.directory, intraOpNumThreads: 2 });
  });
  afterAll(async () => {
    await embedder?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });
  return () => {
    if (embedder === undefined) throw new Error(`${spec} is not loaded yet`);
    return embedder;
  };
}
