import { describe, expect, it } from 'vitest';
import { extractConstraints } from './constraint-extraction.js';
import { createTaskTaxonomy } from './task-taxonomy.js';

describe('task taxonomy from catalog task names', () => {
  const taxonomy = createTaskTaxonomy([
    'Optical Flow Estimation',
    'Optical Flow',
    'Imitation Learning',
    'Pretraining',
    'Exploration',
    'Imitation Learning',
  ]);

  it('keeps multi-word names once and finds the most specific one a request states', () => {
    expect(taxonomy.size).toBe(3);
    expect(taxonomy.find('self-supervised learning of optical flow from videos')).toBe(
      'Optical Flow',
    );
    expect(taxonomy.find('estimating optical flow between frames')).toBe('Optical Flow Estimation');
    expect(taxonomy.find('robots that learn by imitation')).toBe('Imitation Learning');
  });

  it('ignores one-word names, which match too much', () => {
    expect(taxonomy.find('we explore pretraining of vision sensors')).toBeNull();
  });

  it('fills the task slot when the task lexicon finds nothing', () => {
    const text = 'self-supervised learning of optical flow';
    expect(extractConstraints(text).task).toBeUndefined();
    expect(extractConstraints(text, { taxonomy }).task).toEqual({
      value: 'Optical Flow',
      source: 'request',
    });
  });

  it('tells a phrase that ends like a task name from one that does not', () => {
    const names = createTaskTaxonomy(['Text Summarization', 'Optical Flow']);
    expect(names.find('legal document summarization')).toBeNull();
    expect(names.endsLikeTask('legal document summarization')).toBe(true);
    expect(names.endsLikeTask('summarization of legal documents')).toBe(false);
    expect(names.endsLikeTask('')).toBe(false);
    expect(names.endsLikeTask('summarization')).toBe(false);
  });
});
