import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { agentSampleCatalog } from '@quarry/testing';
import { datasetModelSpec } from '../dataset-embedder.js';
import { loadSettings } from '../settings.js';
import { followServedCatalog, startServedCatalog } from './served-catalog.js';

describe('the served catalog while its first build runs', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.datasets.upsertMany(agentSampleCatalog);
  });
  afterAll(async () => {
    await store.close();
  });

  it('returns before the build, makes dataset calls wait for it, and refuses sync reads meanwhile', async () => {
    const started = await startServedCatalog({
      store,
      dense: { channels: [], settings: {} },
      agent: {},
      intervalMs: 0,
      log: () => undefined,
    });
    // The build has not run yet: this turn has not yielded since it was started.
    expect(() => started.current()).toThrow(AppError);
    const followed = followServedCatalog(started);
    const recommended = await followed.recommender.recommend({
      query: 'semantic segmentation of street scenes',
      limit: 3,
    });
    expect(recommended[0]?.datasetId).toBe('StreetScenes');
    expect(started.current().recommender.size).toBe(agentSampleCatalog.length);
    const browsed = await followed.browser.browse({ limit: 2 });
    expect(browsed.total).toBe(agentSampleCatalog.length);
    await started.stop();
  });
});

describe('the dataset model setting', () => {
  it('is the static and the dataset-tuned model by default, the answer model for "same", and --model when given', () => {
    expect(datasetModelSpec(loadSettings({}))).toBe('quarry-static-v2+e5-small-v2-datasets-q');
    expect(
      datasetModelSpec(loadSettings({ QUARRY_DATASET_MODEL: 'same', QUARRY_MODEL: 'my-folder' })),
    ).toBe('my-folder');
    expect(datasetModelSpec(loadSettings({}), 'none')).toBe('none');
  });
});
