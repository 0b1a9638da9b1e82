import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { createNamedDatasetFinder } from './named-dataset.js';

describe('a dataset the request names', () => {
  const finder = createNamedDatasetFinder([
    datasetWithDefaults({
      id: 'imagenet',
      description: '',
      source: 'starter',
      name: 'ImageNet',
      tasks: ['Image Classification'],
    }),
    datasetWithDefaults({
      id: 'cifar10',
      description: '',
      source: 'starter',
      name: 'CIFAR-10',
      tasks: ['Image Classification'],
    }),
    datasetWithDefaults({
      id: 'coco',
      description: '',
      source: 'starter',
      name: 'MS COCO',
      tasks: ['Object Detection'],
    }),
    datasetWithDefaults({
      id: 'adult',
      description: '',
      source: 'starter',
      name: 'Adult',
      tasks: ['Tabular Classification'],
    }),
    datasetWithDefaults({
      id: 'untasked',
      description: '',
      source: 'starter',
      name: 'NoTasksHere',
      tasks: [],
    }),
  ]);

  it('states the task of a distinctive name, matched as whole words with its case', () => {
    expect(finder.taskOf('something like ImageNet but way smaller')).toBe('Image Classification');
    expect(finder.taskOf('images the size of (CIFAR-10), please')).toBe('Image Classification');
    expect(finder.taskOf('boxes as in MS COCO')).toBe('Object Detection');
  });

  it('does not read ordinary words, other cases or parts of words as dataset names', () => {
    expect(finder.taskOf('Adult patients with diabetes')).toBeNull();
    expect(finder.taskOf('imagenet-like')).toBeNull();
    expect(finder.taskOf('MyImageNetClone')).toBeNull();
    expect(finder.taskOf('NoTasksHere')).toBeNull();
    expect(finder.taskOf('')).toBeNull();
  });
});
