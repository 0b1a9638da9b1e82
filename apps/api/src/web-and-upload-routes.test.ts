import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { loadFrameIndex } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import { createCatalogBrowser, createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from './create-app.js';
import { createPaperUploader, safeFileName } from './paper-uploader.js';
import { createWordEmbedder } from './routes/test-support/word-embedder.js';

interface Json {
  [key: string]: unknown;
}

const catalog = [
  datasetWithDefaults({
    id: 'ICDAR 2015',
    name: 'ICDAR 2015',
    description: 'Incidental scene text images for text detection.',
    modalities: ['Images'],
    tasks: ['Scene Text Detection'],
    source: 'starter',
  }),
  datasetWithDefaults({
    id: 'GermEval',
    name: 'GermEval',
    description: 'German tweets labelled for offensive language.',
    modalities: ['Texts'],
    languages: ['German'],
    source: 'starter',
  }),
];

const uploadedText = [
  'Oriented Scene Text Detection',
  '',
  'We train the detector on ICDAR 2015 with a learning rate of 0.001.',
  'The model reaches 80.2 f-measure on the ICDAR 2015 test set.',
  'Hostile text such as <img src=x onerror=alert(1)> stays plain text.',
].join('\n');

describe('upload, catalog browsing, citations and the web app', () => {
  let store: Store;
  let webRoot: string;
  let index: FrameIndex | null = null;
  let reloads = 0;

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    for (const dataset of catalog) await store.datasets.upsert(dataset);
    webRoot = await mkdtemp(join(tmpdir(), 'quarry-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await store.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const app = async () =>
    createApp({
      store,
      version: 'test',
      answers: () => index,
      recommender: await createDatasetRecommender({ datasets: catalog }),
      browser: createCatalogBrowser(catalog),
      uploader: createPaperUploader({
        store,
        maxBytes: 10_000,
        afterIngest: async () => {
          reloads += 1;
          ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
        },
      }),
      webRoot,
    });

  const upload = async (name: string, content: string) => {
    const form = new FormData();
    form.append('file', new File([content], name));
    const response = await (await app()).request('/api/papers', { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('uploads a paper, reloads the index, and the paper is searchable at once', async () => {
    const { status, body } = await upload('Scene text (v2).txt', uploadedText);
    expect(status).toBe(201);
    expect(body.papers).toEqual([{ id: 'Scene-text-v2', title: 'Oriented Scene Text Detection' }]);
    expect(reloads).toBe(1);
    const found = await (await app()).request('/api/papers/Scene-text-v2/find?q=learning%20rate');
    const hits = ((await found.json()) as Json).hits as Json[];
    expect(hits[0]?.text).toContain('learning rate of 0.001');
    const list = (await (await (await app()).request('/api/papers')).json()) as Json;
    expect(list.total).toBe(1);
  });

  it('refuses an unknown file type, an empty file and an over-large file by name', async () => {
    const wrongType = await upload('slides.pptx', 'x');
    expect(wrongType.status).toBe(415);
    expect(JSON.stringify(wrongType.body)).toContain('slides.pptx');
    expect((await upload('empty.txt', '')).status).toBe(400);
    const large = await upload('large.txt', 'a'.repeat(20_000));
    expect(large.status).toBe(400);
    expect(JSON.stringify(large.body)).toContain('QUARRY_MAX_UPLOAD_BYTES');
    const missing = await (await app()).request('/api/papers', { method: 'POST' });
    expect(missing.status).toBe(400);
  });

  it('makes file names safe', () => {
    expect(safeFileName('../../etc/passwd.txt')).toBe('etc-passwd.txt');
    expect(safeFileName('My paper (v2).PDF')).toBe('My-paper-v2.pdf');
  });

  it('browses the catalog by facet', async () => {
    const response = await (await app()).request('/api/datasets?language=german');
    const body = (await response.json()) as Json;
    expect(body.total).toBe(1);
    expect((body.datasets as Json[])[0]?.id).toBe('GermEval');
    expect((await (await app()).request('/api/datasets?limit=0')).status).toBe(400);
  });

  it('lists the sentences of indexed papers that use a dataset', async () => {
    const response = await (await app()).request('/api/datasets/ICDAR%202015/citations');
    const body = (await response.json()) as Json;
    const citations = body.citations as Json[];
    expect(citations.length).toBeGreaterThanOrEqual(2);
    expect(citations.every((citation) => String(citation.text).includes('ICDAR 2015'))).toBe(true);
    expect(citations[0]?.paperId).toBe('Scene-text-v2');
    expect((await (await app()).request('/api/datasets/nope/citations')).status).toBe(404);
  });

  it('serves the web app, deep links fall back to index.html, and paths stay inside the root', async () => {
    const page = await (await app()).request('/papers/Scene-text-v2?q=rate');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const asset = await (await app()).request('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const escape = await (await app()).request('/..%2f..%2fetc%2fpasswd');
    expect(await escape.text()).toContain('<div id="root">');
    const api = await (await app()).request('/api/nope');
    expect(api.status).toBe(404);
    expect(((await api.json()) as Json).error).toBeDefined();
  });
});
