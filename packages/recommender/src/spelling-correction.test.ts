import { describe, expect, it } from 'vitest';
import type { WordVectors } from '@quarry/core';
import { createSpellingCorrector, editDistance } from './spelling-correction.js';

/** Word vectors that know a few common English words, most frequent first. */
function wordVectorsOf(words: string[]): WordVectors {
  const rows = new Map(words.map((word, row) => [word, row]));
  return {
    id: 'test',
    dimension: 1,
    size: words.length,
    rowOf: (word) => rows.get(word),
    similarity: () => 0,
  };
}

const catalog = [
  'Object detection in drone videos with bounding boxes.',
  'Sentiment analysis of movie reviews.',
  'Speech recognition of read English.',
];
const vectors = wordVectorsOf(['hello', 'need', 'movie', 'reviews', 'for', 'the', 'simclr']);

describe('spelling correction before ranking', () => {
  it('counts adjacent swaps as one edit', () => {
    expect(editDistance('vidoes', 'videos', 2)).toBe(1);
    expect(editDistance('detecton', 'detection', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('corrects words neither the catalog nor the word vectors know, keeping the rest', () => {
    const corrector = createSpellingCorrector({ texts: catalog, wordVectors: vectors });
    const { text, corrections } = corrector.correct(
      'HELLO!!! I NEDD A DATSET FOR OBJECT DETECTON IN DRONE VIDOES',
    );
    expect(text).toBe('HELLO!!! I need A dataset FOR OBJECT detection IN DRONE videos');
    expect(corrections.map(({ from }) => from)).toEqual(['nedd', 'datset', 'detecton', 'vidoes']);
    expect(corrector.correct('SimCLR on movie reviews').corrections).toEqual([]);
  });

  it('splits words written without a space', () => {
    const corrector = createSpellingCorrector({ texts: catalog, wordVectors: vectors });
    expect(corrector.correct('sentiment of moviereviews').text).toBe('sentiment of movie reviews');
  });

  it('corrects nothing without word vectors to tell typos from rare names', () => {
    const corrector = createSpellingCorrector({ texts: catalog });
    expect(corrector.correct('objct detecton').corrections).toEqual([]);
  });
});
