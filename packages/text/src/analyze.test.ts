import { describe, expect, it } from 'vitest';
import { analyze, createAnalyzer } from './analyze.js';
import { englishStopwords, isStopword } from './stopwords.js';

describe('analyze', () => {
  it('tokenizes, drops stopwords and stems', () => {
    expect(analyze("The pre-trained models' accuracy on these datasets")).toEqual([
      'pre',
      'train',
      'pretrain',
      'model',
      'accuraci',
      'dataset',
    ]);
  });

  it('gives documents and queries with different inflections the same terms', () => {
    expect(analyze('classifying images')).toEqual(analyze('classify image'));
  });

  it('takes custom stopwords and can skip stemming', () => {
    expect(analyze('The models', { stem: false })).toEqual(['models']);
    expect(analyze('The models', { stopwords: new Set() })).toEqual(['the', 'model']);
    expect(analyze('pre-trained', { joinHyphenated: false })).toEqual(['pre', 'train']);
  });

  it('returns the same terms from a reused analyzer', () => {
    const analyzer = createAnalyzer();
    const first = analyzer('Generalizations of oscillators');
    expect(analyzer('Generalizations of oscillators')).toEqual(first);
    expect(first).toEqual(['gener', 'oscil']);
  });
});

describe('englishStopwords', () => {
  it('holds common function words in tokenizer form, and no content words', () => {
    expect(englishStopwords.size).toBeGreaterThanOrEqual(150);
    for (const word of ['the', 'of', 'and', 'we', 'is', 'dont'])
      expect(isStopword(word)).toBe(true);
    for (const word of ['dataset', 'model', 'image', 'The']) expect(isStopword(word)).toBe(false);
  });

  it('drops indefinite pronouns: "something like ImageNet" names no topic', () => {
    expect(analyze('something like ImageNet, anything smaller', { stem: false })).toEqual([
      'like',
      'imagenet',
      'smaller',
    ]);
  });
});
