/**
 * The catalog vector tables that ship (QUARRY_CATALOG_VECTORS) must be current: a table per model
 * a default server loads (the answer model and every dataset channel), made by that very model
 * file, holding every passage a first start stores. A model or catalog changed without
 * `quarry model catalog-vectors` fails here instead of costing minutes at first start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadEmbedder,
  passageKey,
  readPassageVectorTable,
  shippedModelsDirectory,
} from '@quarry/encoder';
import { channelModelSpec, datasetModelList } from '../dataset-embedder.js';
import { loadSettings } from '../settings.js';
import { firstStartPassages } from './catalog-vectors-command.js';

describe('the shipped catalog vectors', () => {
  it('cover every first-start passage for every model a default server loads', async () => {
    const settings = loadSettings({});
    const passages = await firstStartPassages({
      catalog: settings.firstStartCatalog,
      maxLineBytes: settings.maxLineBytes,
    });
    expect(passages.length).toBeGreaterThan(5000);
    const tables = await Promise.all(settings.catalogVectors.map(readPassageVectorTable));
    const specs = [
      settings.model,
      ...datasetModelList(settings).names.map((name) => channelModelSpec(settings, name)),
    ];
    const cacheDir = await mkdtemp(join(tmpdir(), 'quarry-catalog-vectors-test-'));
    try {
      for (const spec of specs) {
        const { embedder } = await loadEmbedder({
          spec,
          modelsDir: shippedModelsDirectory(),
          cacheDir,
        });
        const table = tables.find((candidate) => candidate.model === embedder.modelId);
        await embedder.close();
        expect(table, `a table made by ${embedder.modelId}`).toBeDefined();
        const missing = passages.filter((passage) => !table?.vectors.has(passageKey(passage)));
        expect(missing.length, `passages ${embedder.modelId} would embed at start`).toBe(0);
      }
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 120_000);
});
