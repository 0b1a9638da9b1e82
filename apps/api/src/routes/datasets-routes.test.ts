import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { createCatalogBrowser, createDatasetRecommender } from '@quarry/recommender';
import type { BrowseResult } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { errorResponse } from '../error-response.js';
import { datasetRoutes } from './datasets-routes.js';

function dataset(fields: Pick<Dataset, 'id' | 'description' | 'modalities' | 'year'>): Dataset {
  return datasetWithDefaults({ source: 'starter', ...fields });
}

const catalog = [
  dataset({
    id: 'StreetImages',
    description: 'Street scene images with segmentation labels.',
    modalities: ['Images'],
    year: 2016,
  }),
  dataset({
    id: 'StreetVideos',
    description: 'Street scene videos with segmentation labels.',
    modalities: ['Videos'],
    year: 2020,
  }),
];

describe('dataset routes', () => {
  let store: Store;
  let app: Hono;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    for (const record of catalog) await store.datasets.upsert(record);
    app = new Hono();
    app.route(
      '/',
      datasetRoutes({
        store,
        recommender: await createDatasetRecommender({ datasets: catalog }),
        browser: createCatalogBrowser(catalog),
      }),
    );
    app.onError((error, context) => errorResponse(error, context));
  });
  afterAll(async () => {
    await store.close();
  });

  it('ranks datasets with explanations and applies the modality and year filters', async () => {
    const all = (await (
      await app.request('/api/datasets/search?q=street%20scene%20segmentation')
    ).json()) as {
      results: { datasetId: string; explanation: { summary: string }; dataset: Dataset }[];
    };
    expect(all.results.map((result) => result.datasetId).sort()).toEqual([
      'StreetImages',
      'StreetVideos',
    ]);
    expect(all.results[0]?.dataset.description).toContain('Street scene');
    const videos = (await (
      await app.request('/api/datasets/search?q=street%20segmentation&modality=video')
    ).json()) as {
      results: { datasetId: string }[];
    };
    expect(videos.results.map((result) => result.datasetId)).toEqual(['StreetVideos']);
    const older = (await (
      await app.request('/api/datasets/search?q=street%20segmentation&year_max=2018')
    ).json()) as {
      results: { datasetId: string }[];
    };
    expect(older.results.map((result) => result.datasetId)).toEqual(['StreetImages']);
  });

  it('returns a record by id, 404 for an unknown one, 400 for a missing query', async () => {
    expect(((await (await app.request('/api/datasets/StreetImages')).json()) as Dataset).year).toBe(
      2016,
    );
    expect((await app.request('/api/datasets/Nope')).status).toBe(404);
    const missing = await app.request('/api/datasets/search');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('browses sorted by year (newest first) or name, and refuses an unknown sort', async () => {
    const ids = async (query: string) =>
      (
        (await (await app.request(`/api/datasets?${query}`)).json()) as { datasets: Dataset[] }
      ).datasets.map((record) => record.id);
    expect(await ids('sort=year')).toEqual(['StreetVideos', 'StreetImages']);
    expect(await ids('sort=name')).toEqual(['StreetImages', 'StreetVideos']);
    const unknown = await app.request('/api/datasets?sort=colour');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('sort');
  });

  describe('browsing a catalog like the shipped one', () => {
    const shipped = [
      datasetWithDefaults({
        id: '!Optimizer 2021 Data',
        description: 'Biological model organisms.',
        source: 'pwc-csv',
      }),
      datasetWithDefaults({ id: '#MeTooMA', description: 'Tweets.', source: 'datafinder' }),
      datasetWithDefaults({
        id: 'COCO',
        description: 'Common objects in images.',
        modalities: ['Images'],
        variants: ['COCO', 'COCO 2014', 'COCO 2017'],
        source: 'datafinder',
      }),
      datasetWithDefaults({
        id: 'SQuAD',
        description: 'Questions on Wikipedia passages.',
        modalities: ['Texts'],
        tasks: ['Question Answering'],
        variants: ['SQuAD', 'SQuAD1.1'],
        source: 'datafinder',
      }),
      datasetWithDefaults({
        id: 'VQA',
        description: 'Questions for answering about images.',
        modalities: ['image'],
        tasks: ['Visual Question Answering'],
        source: 'datafinder',
      }),
    ].map((record) => ({ ...record, name: record.id }));
    let routes: Hono;
    beforeAll(async () => {
      routes = datasetRoutes({
        store,
        recommender: await createDatasetRecommender({ datasets: shipped }),
        browser: createCatalogBrowser(shipped),
      });
    });
    const browse = async (query: string) => {
      const response = await routes.request(`/api/datasets?${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as BrowseResult;
    };

    it('opens most used first (name variants, without paper counts) and says so', async () => {
      const opening = await browse('');
      expect(opening.sort).toBe('papers');
      expect(opening.datasets.map((record) => record.id)).toEqual([
        'COCO',
        'SQuAD',
        '!Optimizer 2021 Data',
        '#MeTooMA',
        'VQA',
      ]);
      expect((await browse('name=co')).sort).toBe('relevance');
      expect((await browse('sort=relevance')).sort).toBe('papers');
    });

    it('lists a modality once, and each facet count is what its filter returns', async () => {
      const opening = await browse('');
      expect(opening.facets.modalities.map((count) => count.value).sort()).toEqual([
        'image',
        'text',
      ]);
      expect(opening.facets.modalities).toContainEqual({ value: 'image', count: 2 });
      expect((await browse('modality=images')).total).toBe(2);
      const listed = [
        ...opening.facets.modalities.map((count) => ({ ...count, facet: 'modality' })),
        ...opening.facets.tasks.map((count) => ({ ...count, facet: 'task' })),
      ];
      expect(listed).toContainEqual({ facet: 'task', value: 'question answering', count: 2 });
      for (const { facet, value, count } of listed) {
        const chosen = await browse(`${facet}=${encodeURIComponent(value)}`);
        expect({ facet, value, count: chosen.total }).toEqual({ facet, value, count });
      }
    });
  });
});
