import { datasetWithDefaults } from '@quarry/core';
import type { Dataset, DatasetSourceFormat } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from './catalog-index.js';
import { mergeDatasetRecords } from './merge-dataset-records.js';
import { planCatalogMerges } from './plan-catalog-merges.js';

function record(source: DatasetSourceFormat, id: string, fields: Partial<Dataset> = {}): Dataset {
  return datasetWithDefaults({ id, source, description: `${id}.`, ...fields });
}

function plannedTargets(stored: Dataset[], incoming: Dataset[]): Record<string, string> {
  const plan = planCatalogMerges({ catalog: createCatalogIndex(stored), records: incoming });
  return Object.fromEntries([...plan].map(([id, match]) => [id, match.targetId]));
}

describe('planCatalogMerges', () => {
  it('matches the same id, a normalised name, a full name and a variant', () => {
    const stored = [
      record('datafinder', 'MNIST'),
      record('datafinder', 'MS-COCO'),
      record('datafinder', 'CelebA'),
      record('datafinder', 'SQuAD', { variants: ['SQuAD-1.1'] }),
    ];
    const plan = planCatalogMerges({
      catalog: createCatalogIndex(stored),
      records: [
        record('pwc-csv', 'MNIST'),
        record('pwc-csv', 'MS COCO Dataset'),
        record('pwc-csv', 'CelebFaces', { fullName: 'CelebA' }),
        record('pwc-csv', 'SQuAD 1.1'),
        record('pwc-csv', 'Brand New'),
      ],
    });
    expect(Object.fromEntries(plan)).toEqual({
      MNIST: { targetId: 'MNIST', kind: 'id' },
      'MS COCO Dataset': { targetId: 'MS-COCO', kind: 'name' },
      CelebFaces: { targetId: 'CelebA', kind: 'name' },
      'SQuAD 1.1': { targetId: 'SQuAD', kind: 'variant' },
    });
  });

  it('does not merge on a variant that two stored datasets share', () => {
    const stored = [
      record('datafinder', 'COCO Captions', { variants: ['COCO'] }),
      record('datafinder', 'COCO Detection', { variants: ['COCO'] }),
    ];
    expect(plannedTargets(stored, [record('pwc-csv', 'COCO')])).toEqual({});
  });

  it('does not merge on a key that two records of the incoming file share', () => {
    const stored = [record('datafinder', 'Yelp')];
    const incoming = [
      record('pwc', 'Yelp Reviews', { variants: ['Yelp'] }),
      record('pwc', 'Yelp Business', { variants: ['Yelp'] }),
    ];
    expect(plannedTargets(stored, incoming)).toEqual({});
  });

  it('lets a name-to-name key decide between datasets that different keys point at', () => {
    const stored = [record('datafinder', 'SQuAD'), record('datafinder', 'SQuAD 2.0')];
    const incoming = [record('pwc', 'SQuAD', { variants: ['SQuAD 2.0'] })];
    expect(plannedTargets(stored, incoming)).toEqual({ SQuAD: 'SQuAD' });
    const variantsOnly = [record('pwc', 'Stanford QA', { variants: ['SQuAD', 'SQuAD 2.0'] })];
    expect(plannedTargets(stored, variantsOnly)).toEqual({});
  });

  it('gives a dataset that several records reach by key to none of them', () => {
    const stored = [record('datafinder', 'CIFAR', { variants: ['CIFAR-10', 'CIFAR10 images'] })];
    const incoming = [record('pwc-csv', 'CIFAR-10'), record('pwc-csv', 'CIFAR10 Images')];
    expect(plannedTargets(stored, incoming)).toEqual({});
  });

  it('merges by key only into a dataset that holds no record of the same source yet', () => {
    const stored = [record('datafinder', 'Penn Treebank', { variants: ['PTB'] })];
    expect(plannedTargets(stored, [record('datafinder', 'PTB')])).toEqual({});
    expect(plannedTargets(stored, [record('pwc', 'PTB')])).toEqual({ PTB: 'Penn Treebank' });
  });

  it('sends a record back to the dataset it was merged into before', () => {
    const first = record('datafinder', 'MS-COCO');
    const second = record('pwc-csv', 'MS COCO');
    const merged = mergeDatasetRecords(first, second);
    // A new record that shares the key now; the source record still goes where it went.
    const other = record('pwc', 'MS_COCO');
    expect(plannedTargets([merged], [second])).toEqual({ 'MS COCO': 'MS-COCO' });
    expect(plannedTargets([merged], [first])).toEqual({ 'MS-COCO': 'MS-COCO' });
    expect(plannedTargets([merged, other], [second])).toEqual({ 'MS COCO': 'MS-COCO' });
  });
});
