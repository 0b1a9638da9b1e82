import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('lowercases words and drops punctuation', () => {
    expect(tokenize('BERT, ELMo (and GPT)!')).toEqual(['bert', 'elmo', 'and', 'gpt']);
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' -- ... ')).toEqual([]);
  });

  it('emits hyphenated parts and the joined compound', () => {
    expect(tokenize('a state-of-the-art model')).toEqual([
      'a',
      'state',
      'of',
      'the',
      'art',
      'stateoftheart',
      'model',
    ]);
    expect(tokenize('COVID-19 data')).toEqual(['covid', '19', 'covid19', 'data']);
    expect(tokenize('pre-trained', { joinHyphenated: false })).toEqual(['pre', 'trained']);
  });

  it('does not join across dashes that are not inside a word', () => {
    expect(tokenize('left - right -- x -y z-')).toEqual(['left', 'right', 'x', 'y', 'z']);
    expect(tokenize('see en–dash')).toEqual(['see', 'en', 'dash']);
  });

  it('keeps apostrophes inside words and drops the possessive', () => {
    expect(tokenize("the model's output, don’t")).toEqual(['the', 'model', 'output', 'dont']);
    expect(tokenize("'quoted' words'")).toEqual(['quoted', 'words']);
  });

  it('keeps decimal numbers together and removes digit-group commas', () => {
    expect(tokenize('3.5% of 1,000 images, v2.1 ends.')).toEqual([
      '3.5',
      'of',
      '1000',
      'images',
      'v2.1',
      'ends',
    ]);
    expect(tokenize('a,b and e.g. x')).toEqual(['a', 'b', 'and', 'e', 'g', 'x']);
  });

  it('folds Latin diacritics and ligatures and keeps other scripts', () => {
    expect(tokenize('Naïve café ﬁne-tuning Ærø')).toEqual([
      'naive',
      'cafe',
      'fine',
      'tuning',
      'finetuning',
      'ærø',
    ]);
    expect(tokenize('Ελληνικά και हिन्दी 東京')).toEqual(['ελληνικά', 'και', 'हिन्दी', '東京']);
  });
});
