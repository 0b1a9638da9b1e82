import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { fitsTask } from './catalog-facts.js';

/** Made-up records: one declares no task and describes itself, one declares tasks. */
const speechCorpus = datasetWithDefaults({
  id: 'radio-speech',
  description: 'Short speech segments from radio broadcasts in four languages, for testing ASR.',
  source: 'pwc',
});
const hateTweets = datasetWithDefaults({
  id: 'hate-tweets',
  description: 'Tweets labelled for hate and offensive language.',
  source: 'pwc',
});
const readAudiobooks = datasetWithDefaults({
  id: 'read-audiobooks',
  description: 'Read audiobooks in eight languages.',
  tasks: ['Speech Recognition', 'Text-to-Speech'],
  source: 'pwc',
});

describe('fitsTask', () => {
  it('does not take a shared word for a kind of data as the task of a record that declares none', () => {
    expect(fitsTask(speechCorpus, 'hate speech detection', 'Spanish')).toBe(false);
    expect(fitsTask(hateTweets, 'hate speech detection', 'Spanish')).toBe(true);
    // A task made only of such words still matches by them.
    expect(fitsTask(speechCorpus, 'speech recognition')).toBe(true);
  });

  it('matches a declared task by a shared content word', () => {
    expect(fitsTask(readAudiobooks, 'speech synthesis')).toBe(true);
    expect(fitsTask(readAudiobooks, 'image classification')).toBe(false);
  });
});
