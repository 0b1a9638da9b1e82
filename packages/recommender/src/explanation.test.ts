import { expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { explainRecommendation } from './explanation.js';

const word = (text: string, weight: number) => ({ text, term: text, weight, needWords: [] });

it('names matched words that explain the fit, never "data", "dataset" or two-letter words', () => {
  const explanation = explainRecommendation({
    dataset: datasetWithDefaults({
      id: 'x',
      name: 'X',
      description: 'Reviews.',
      tasks: ['Sentiment Analysis'],
      source: 'starter',
    }),
    terms: new Set(['dataset', 'de', 'sentiment', 'tweets', 'data']),
    unigrams: [
      word('dataset', 5),
      word('de', 4),
      word('data', 3),
      word('sentiment', 2),
      word('tweets', 1),
    ],
    citances: [],
    mentioned: false,
    maxWords: 3,
    maxCitanceChars: 200,
  });
  expect(explanation.matchedWords).toEqual(['sentiment', 'tweets']);
  expect(explanation.summary).toBe('tasks: Sentiment Analysis; matches "sentiment", "tweets"');
});
