import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { loadFrameIndex, memoryAnswerSearch } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import { createCatalogBrowser, createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from './create-app.js';
import { contentDerivedId, createPaperUploader, safeNameStem } from './paper-uploader.js';
import { testAccess, withToken } from './routes/test-support/test-access.js';
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
      access: testAccess,
      answers: () => index && memoryAnswerSearch(index, store),
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
    const response = await (
      await app()
    ).request('/api/papers', withToken({ method: 'POST', body: form }));
    return { status: response.status, body: (await response.json()) as Json };
  };
  const uploadedId = contentDerivedId({
    name: 'Scene text (v2).txt',
    bytes: new TextEncoder().encode(uploadedText),
  });

  it('uploads a paper, reloads the index, and the paper is searchable at once', async () => {
    const { status, body } = await upload('Scene text (v2).txt', uploadedText);
    expect(status).toBe(201);
    expect(uploadedId).toMatch(/^Scene-text-v2-[0-9a-f]{12}$/);
    expect(body.papers).toEqual([{ id: uploadedId, title: 'Oriented Scene Text Detection' }]);
    expect(reloads).toBe(1);
    const found = await (await app()).request(`/api/papers/${uploadedId}/find?q=learning%20rate`);
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
    expect(large.status).toBe(413);
    expect(JSON.stringify(large.body)).toContain('QUARRY_MAX_UPLOAD_BYTES');
    const missing = await (await app()).request('/api/papers', withToken({ method: 'POST' }));
    expect(missing.status).toBe(400);
  });

  it('never replaces a stored paper: the same file again is a 409, a different file under the same name is a new paper', async () => {
    const again = await upload('Scene text (v2).txt', uploadedText);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(uploadedId);
    const changed = await upload('Scene text (v2).txt', `${uploadedText}\nOne more sentence here.`);
    expect(changed.status).toBe(201);
    const changedId = (changed.body.papers as Json[])[0]?.id;
    expect(changedId).not.toBe(uploadedId);
    expect(await store.papers.get(uploadedId)).not.toBeNull();
    await store.papers.remove(String(changedId));
    ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
  });

  it('keeps a stored JSON paper when another upload carries its paper_id (409)', async () => {
    const paper = (sentence: string) =>
      JSON.stringify({
        paper_id: 'json-upload-1',
        title: 'Scene text spotting',
        abstract: [],
        pdf_parse: { body_text: [{ text: sentence, section: 'Introduction' }] },
      });
    const first = await upload('first.json', paper('We detect scene text in street images.'));
    expect(first.status).toBe(201);
    const clash = await upload('second.json', paper('A different text entirely, about speech.'));
    expect(clash.status).toBe(409);
    expect(JSON.stringify(clash.body)).toContain('json-upload-1');
    const stored = await store.papers.get('json-upload-1');
    expect(stored?.text).toContain('scene text in street images');
    await store.papers.remove('json-upload-1');
    ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
  });

  it('gives two uploads with different CJK names two papers, and names keep their script', async () => {
    const first = await upload(
      '论文一.txt',
      'Tokenisation of Chinese text\n\nWe segment words first.',
    );
    const second = await upload(
      '论文二.txt',
      'Tokenisation of Chinese text\n\nWe segment words first.',
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const ids = [first, second].map((result) => (result.body.papers as Json[])[0]?.id);
    expect(ids[0]).toMatch(/^论文一-/);
    expect(ids[1]).toMatch(/^论文二-/);
    for (const id of ids) await store.papers.remove(String(id));
    ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
  });

  it('makes file names safe', () => {
    expect(safeNameStem('../../etc/passwd.txt')).toBe('passwd');
    expect(safeNameStem('My paper (v2).PDF')).toBe('My-paper-v2');
    expect(safeNameStem('....pdf')).toBe('paper');
    expect(safeNameStem('논문 초안.pdf')).toBe('논문-초안');
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
    expect(citations[0]?.paperId).toBe(uploadedId);
    expect((await (await app()).request('/api/datasets/nope/citations')).status).toBe(404);
  });

  it('serves the web app, deep links fall back to index.html, and paths stay inside the root', async () => {
    const page = await (await app()).request(`/papers/${uploadedId}?q=rate`);
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
