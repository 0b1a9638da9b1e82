import { describe, expect, it } from 'vitest';
import { answeredFilters } from './answered-filters.js';

describe('answeredFilters', () => {
  it('turns an answered kind of data or language into recommender filters', () => {
    expect(
      answeredFilters({
        modality: { value: 'Image', source: 'answer' },
        language: { value: 'German', source: 'answer' },
      }),
    ).toEqual({ modality: 'Image', language: 'German' });
  });

  it('leaves requests, "no preference" and unknown labels to the query', () => {
    expect(answeredFilters({ modality: { value: 'Video', source: 'request' } })).toBeNull();
    expect(answeredFilters({ modality: { value: null, source: 'answer' } })).toBeNull();
    expect(answeredFilters({ modality: { value: 'Game play', source: 'answer' } })).toBeNull();
  });
});
