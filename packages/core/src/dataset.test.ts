import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from './dataset.js';

describe('datasetWithDefaults', () => {
  it('names the dataset after its id and leaves unknown fields empty', () => {
    const dataset = datasetWithDefaults({
      id: 'Toy',
      description: 'A toy set.',
      source: 'starter',
      year: 2020,
    });
    expect(dataset).toMatchObject({
      name: 'Toy',
      year: 2020,
      fullName: null,
      tasks: [],
      extra: {},
    });
    expect(
      datasetWithDefaults({ id: 'A', name: 'Other', description: '', source: 'pwc' }).name,
    ).toBe('Other');
  });
});
