import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { buildCatalogBrowser, createCatalogBrowser } from './catalog-browser.js';

const catalog = [
  datasetWithDefaults({
    id: 'kinetics',
    name: 'Kinetics',
    description: 'Human action clips from videos.',
    modalities: ['Videos'],
    tasks: ['Action Recognition'],
    year: 2017,
    source: 'starter',
  }),
  datasetWithDefaults({
    id: 'cifar10',
    name: 'CIFAR-10',
    variants: ['CIFAR10'],
    description: 'Tiny images in ten classes.',
    modalities: ['Images'],
    tasks: ['Image Classification'],
    year: 2009,
    source: 'starter',
  }),
  datasetWithDefaults({
    id: 'germeval',
    name: 'GermEval',
    description: 'German tweets labelled for offensive language.',
    modalities: ['Texts'],
    languages: ['German'],
    year: 2018,
    source: 'starter',
  }),
];

describe('catalog browser', () => {
  const browser = createCatalogBrowser(catalog);

  it('lists every dataset, most used first, with facet counts', () => {
    const result = browser.browse();
    expect(result.total).toBe(3);
    expect(result.sort).toBe('papers');
    // CIFAR-10 has a name variant (used in a benchmark); the other two tie, in name order.
    expect(result.datasets.map((dataset) => dataset.id)).toEqual([
      'cifar10',
      'germeval',
      'kinetics',
    ]);
    expect(result.facets.modalities).toContainEqual({ value: 'video', count: 1 });
    expect(result.facets.languages).toContainEqual({ value: 'german', count: 1 });
  });

  it('filters by modality, task, language, year and name fragment', () => {
    expect(browser.browse({ filters: { modality: 'video' } }).datasets.map((d) => d.id)).toEqual([
      'kinetics',
    ]);
    expect(browser.browse({ filters: { task: 'image classification' } }).total).toBe(1);
    expect(browser.browse({ filters: { language: 'German' } }).datasets[0]?.id).toBe('germeval');
    expect(browser.browse({ yearMax: 2010 }).datasets.map((d) => d.id)).toEqual(['cifar10']);
    expect(browser.browse({ name: 'cifar10' }).datasets.map((d) => d.id)).toEqual(['cifar10']);
  });

  it('is the same when built in slices that yield to the event loop', async () => {
    const many = Array.from({ length: 1100 }, (_, number) =>
      datasetWithDefaults({
        id: `set-${number}`,
        name: `Set ${number}`,
        description: number % 2 === 0 ? 'Video clips of actions.' : 'German news texts.',
        source: 'starter',
      }),
    );
    const sliced = await buildCatalogBrowser([...many, ...catalog]);
    const whole = createCatalogBrowser([...many, ...catalog]);
    for (const options of [{}, { filters: { modality: 'video' }, offset: 600 }, { name: 'set 10' }])
      expect(sliced.browse(options)).toEqual(whole.browse(options));
  });

  it('pages through the matches', () => {
    const page = browser.browse({ offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.datasets.map((dataset) => dataset.id)).toEqual(['germeval']);
  });

  it('without paper counts (the shipped catalog has none), ranks use by benchmark variants', () => {
    const shipped = createCatalogBrowser([
      datasetWithDefaults({
        id: '!opt',
        name: '!Optimizer 2021 Data',
        description: 'Competition data.',
        source: 'pwc-csv',
      }),
      datasetWithDefaults({
        id: 'metoo',
        name: '#MeTooMA',
        description: 'Tweets.',
        source: 'datafinder',
      }),
      datasetWithDefaults({
        id: 'mnist',
        name: 'MNIST',
        description: 'Handwritten digits.',
        variants: ['MNIST', 'Rotated MNIST', 'Permuted MNIST'],
        source: 'datafinder',
      }),
      datasetWithDefaults({
        id: 'imagenet',
        name: 'ImageNet',
        description: 'Labelled photographs.',
        variants: ['ImageNet', 'ImageNet-1k', 'ImageNet 64x64', 'ImageNet 32x32', 'ImageNet-LT'],
        source: 'datafinder',
      }),
    ]);
    const result = shipped.browse();
    expect(result.sort).toBe('papers');
    expect(result.datasets.map((dataset) => dataset.id)).toEqual([
      'imagenet',
      'mnist',
      '!opt',
      'metoo',
    ]);
  });

  describe('sorting', () => {
    const sortable = createCatalogBrowser([
      datasetWithDefaults({
        id: 'coco-stuff',
        name: 'COCO-Stuff',
        description: 'Stuff classes on COCO images.',
        year: 2018,
        numPapers: 300,
        source: 'starter',
      }),
      datasetWithDefaults({
        id: 'coco',
        name: 'COCO',
        description: 'Common objects in context.',
        year: 2014,
        numPapers: 9000,
        source: 'starter',
      }),
      datasetWithDefaults({
        id: 'ms-coco-captions',
        name: 'MS COCO Captions',
        description: 'Captions for COCO images.',
        year: null,
        numPapers: 1200,
        source: 'starter',
      }),
      datasetWithDefaults({
        id: 'refcoco',
        name: 'RefCOCO',
        description: 'Referring expressions on COCO.',
        year: 2016,
        numPapers: null,
        source: 'starter',
      }),
      datasetWithDefaults({
        id: 'visual-genome',
        name: 'Visual Genome',
        fullName: 'Visual Genome (built on coco images)',
        description: 'Scene graphs.',
        year: 2017,
        numPapers: 2000,
        source: 'starter',
      }),
    ]);
    const ids = (options: Parameters<typeof sortable.browse>[0]) =>
      sortable.browse(options).datasets.map((dataset) => dataset.id);

    it('by relevance: the exact name, then names starting with it, a word of it, inside it, then only in a full name', () => {
      expect(ids({ name: 'coco' })).toEqual([
        'coco',
        'coco-stuff',
        'ms-coco-captions',
        'refcoco',
        'visual-genome',
      ]);
      expect(sortable.browse({ name: 'coco' }).sort).toBe('relevance');
      expect(ids({ sort: 'name' })).toEqual([
        'coco',
        'coco-stuff',
        'ms-coco-captions',
        'refcoco',
        'visual-genome',
      ]);
    });

    it('by year, newest first, and by use, most papers first; unknown values last', () => {
      expect(ids({ sort: 'year' })).toEqual([
        'coco-stuff',
        'visual-genome',
        'refcoco',
        'coco',
        'ms-coco-captions',
      ]);
      expect(ids({ sort: 'papers' })).toEqual([
        'coco',
        'visual-genome',
        'ms-coco-captions',
        'coco-stuff',
        'refcoco',
      ]);
    });

    it('without a name, by use whatever the request asks best match to be, and says so', () => {
      const mostUsed = ['coco', 'visual-genome', 'ms-coco-captions', 'coco-stuff', 'refcoco'];
      expect(ids({})).toEqual(mostUsed);
      expect(ids({ sort: 'relevance' })).toEqual(mostUsed);
      expect(sortable.browse({ sort: 'relevance' }).sort).toBe('papers');
      expect(sortable.browse({ sort: 'year' }).sort).toBe('year');
    });

    it('sorts before paging', () => {
      expect(ids({ sort: 'papers', offset: 1, limit: 2 })).toEqual([
        'visual-genome',
        'ms-coco-captions',
      ]);
    });
  });
});
