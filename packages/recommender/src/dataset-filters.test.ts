import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { analyze } from '@quarry/text';
import { datasetFacets, facetLabel, passesFilters } from './dataset-filters.js';

describe('dataset filters', () => {
  it('folds declared values to one lowercase label: the lexicon label when the value is one', () => {
    expect(facetLabel('Images', 'modality')).toBe('image');
    expect(facetLabel('texts', 'modality')).toBe('text');
    expect(facetLabel('Time series', 'modality')).toBe('time series');
    expect(facetLabel('Point cloud', 'modality')).toBe('3d');
    expect(facetLabel(' Environment ', 'modality')).toBe('environment');
    // Two need words are not one label: the value stays as it is.
    expect(facetLabel('Medical images', 'modality')).toBe('medical images');
    expect(facetLabel('English', 'language')).toBe('english');
  });

  it('stores declared modalities canonically, so a filter in either number matches', () => {
    const text = 'Scans of lungs.';
    const facets = datasetFacets({
      dataset: datasetWithDefaults({
        id: 'x',
        description: text,
        modalities: ['Images', 'Point cloud'],
        tasks: [' Segmentation ', ''],
        source: 'starter',
      }),
      text,
      terms: new Set(analyze(text)),
    });
    expect([...facets.modalities].sort()).toEqual(['3d', 'image']);
    expect(facets.tasks).toEqual(['segmentation']);
    expect(passesFilters(facets, { modality: 'point clouds' })).toBe(true);
    expect(passesFilters(facets, { modality: 'image' })).toBe(true);
    // A blank declared task no longer holds every task.
    expect(passesFilters(facets, { task: 'machine translation' })).toBe(false);
  });
});
