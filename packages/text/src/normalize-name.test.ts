import { describe, expect, it } from 'vitest';
import { normalizeName } from './normalize-name.js';

describe('normalizeName', () => {
  it('lowercases, strips punctuation and collapses whitespace', () => {
    expect(normalizeName('  MS-COCO  ')).toBe('ms coco');
    expect(normalizeName('MS COCO')).toBe('ms coco');
    expect(normalizeName('Penn   Treebank\t(PTB)')).toBe('penn treebank ptb');
  });

  it('removes periods and apostrophes inside names', () => {
    expect(normalizeName('SQuAD 2.0')).toBe('squad 20');
    expect(normalizeName("O'Reilly U.S. Reviews")).toBe('oreilly us reviews');
  });

  it('strips accents', () => {
    expect(normalizeName('Réseau Français')).toBe('reseau francais');
  });

  it('drops one trailing generic word when others remain', () => {
    expect(normalizeName('The Cityscapes Dataset')).toBe('the cityscapes');
    expect(normalizeName('Brown Corpus')).toBe('brown');
    expect(normalizeName('GLUE benchmark')).toBe('glue');
    expect(normalizeName('Yelp data set')).toBe('yelp');
    expect(normalizeName('Datasets')).toBe('datasets');
    expect(normalizeName('data set')).toBe('data set');
    expect(normalizeName('Dataset Corpus')).toBe('dataset');
  });

  it('returns an empty string for punctuation only', () => {
    expect(normalizeName(' --- ')).toBe('');
  });
});
