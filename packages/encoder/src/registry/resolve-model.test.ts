import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder } from '../embedder/onnx-embedder.js';
import { startHubFixtureServer } from '../test-support/hub-fixture-server.js';
import type { HubFixtureServer } from '../test-support/hub-fixture-server.js';
import {
  bertTokenizerDirectory,
  model2VecFixtureDirectory,
  sharedDataAvailable,
  sharedDataRequired,
} from '../test-support/shared-data.js';
import { writeTinyBertModel } from '../test-support/tiny-bert-model.js';
import { expectUnitVectors } from '@quarry/testing/embedder-assertions';
import { defaultModelName, resolveModel } from './resolve-model.js';
import { shippedModelsDirectory } from './repository-paths.js';

describe.skipIf(!sharedDataRequired && !sharedDataAvailable)('resolveModel', () => {
  let workspace = '';
  let modelsDir = '';
  let hubSource = '';
  let server: HubFixtureServer;
  const cacheDir = (): string => join(workspace, 'cache');

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'quarry-registry-'));
    modelsDir = join(workspace, 'models');
    await writeTinyBertModel({
      directory: join(modelsDir, defaultModelName),
      tokenizerDirectory: bertTokenizerDirectory,
      seed: 1,
    });
    // The hub copy uses the Optimum / Xenova layout: onnx/model.onnx.
    hubSource = join(workspace, 'hub-source');
    await writeTinyBertModel({
      directory: hubSource,
      tokenizerDirectory: bertTokenizerDirectory,
      seed: 2,
      onnxSubfolder: true,
    });
    server = await startHubFixtureServer({
      repositoryId: 'test-org/tiny-bert',
      directory: hubSource,
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(workspace, { recursive: true, force: true });
  });

  it('resolves "default" and shipped model names to models/<name>', async () => {
    const expected = { source: 'shipped', directory: join(modelsDir, defaultModelName) };
    await expect(
      resolveModel({ spec: 'default', modelsDir, cacheDir: cacheDir() }),
    ).resolves.toMatchObject(expected);
    await expect(
      resolveModel({ spec: defaultModelName, modelsDir, cacheDir: cacheDir() }),
    ).resolves.toMatchObject(expected);
  });

  it('uses an ONNX folder in place', async () => {
    const resolved = await resolveModel({ spec: hubSource, modelsDir, cacheDir: cacheDir() });
    expect(resolved).toMatchObject({ source: 'local', directory: hubSource });
  });

  it('converts a Model2Vec folder once, into the cache', async () => {
    const messages: string[] = [];
    const options = {
      spec: model2VecFixtureDirectory,
      modelsDir,
      cacheDir: cacheDir(),
      debug: (message: string) => messages.push(message),
    };
    const first = await resolveModel(options);
    const second = await resolveModel(options);
    expect(first.source).toBe('model2vec-import');
    expect(first.directory.startsWith(join(cacheDir(), 'imported'))).toBe(true);
    expect(second.directory).toBe(first.directory);
    expect(messages.filter((message) => message.includes('converting'))).toHaveLength(1);
  });

  it('rejects unknown specs and missing folders with a fix-it AppError', async () => {
    await expect(
      resolveModel({ spec: 'no such model!', modelsDir, cacheDir: cacheDir() }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      resolveModel({ spec: './does-not-exist', modelsDir, cacheDir: cacheDir() }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  describe('hub downloads from a loopback server', () => {
    const options = (): Parameters<typeof resolveModel>[0] => ({
      spec: 'test-org/tiny-bert',
      modelsDir,
      cacheDir: cacheDir(),
      hubUrl: server.url,
    });
    const hubCacheEntries = async (): Promise<string[]> => {
      const folder = join(cacheDir(), 'hub', 'test-org--tiny-bert');
      return existsSync(folder) ? readdir(folder) : [];
    };

    it('rejects a corrupted download and caches nothing', async () => {
      server.setFault('corrupt');
      await expect(resolveModel(options())).rejects.toMatchObject({
        code: 'model_failure',
        message: /sha256/,
      });
      expect(await hubCacheEntries()).toEqual([]);
    });

    it('rejects a short download and caches nothing', async () => {
      server.setFault('short');
      await expect(resolveModel(options())).rejects.toMatchObject({
        code: 'model_failure',
        message: /received \d+ bytes/,
      });
      expect(await hubCacheEntries()).toEqual([]);
    });

    it('downloads a good repository once, then serves it from the cache', async () => {
      server.setFault('none');
      const resolved = await resolveModel(options());
      expect(resolved.source).toBe('hub');
      expect(await hubCacheEntries()).toEqual(['main']);
      expect(existsSync(join(resolved.directory, 'onnx', 'model.onnx'))).toBe(true);
      const embedder = await createOnnxEmbedder({ modelDirectory: resolved.directory });
      try {
        expectUnitVectors(await embedder.embed(['a downloaded model works']), 16);
      } finally {
        await embedder.close();
      }
      const requestsBefore = server.requests.length;
      const again = await resolveModel(options());
      expect(again.directory).toBe(resolved.directory);
      expect(server.requests.length).toBe(requestsBefore);
    });
  });

  it('finds the repository models/ folder from the package', () => {
    expect(shippedModelsDirectory()).toMatch(/[\\/]models$/);
  });
});
