import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { declaresOtherLanguage, fitsTask } from './catalog-facts.js';

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

describe('declaresOtherLanguage', () => {
  const catalog = new Map(
    [
      datasetWithDefaults({
        id: 'irony-es',
        name: 'Irony Annotated Dialogues in Spanish',
        description: 'Utterances from dubbed television episodes, each labelled ironic or not.',
        source: 'pwc',
      }),
      datasetWithDefaults({
        id: 'irony-posts',
        name: 'IronyPosts',
        description: 'Forum posts labelled for irony.',
        source: 'pwc',
      }),
      datasetWithDefaults({
        id: 'declared-fr',
        name: 'Declared',
        description: 'Sentences.',
        languages: ['French'],
        source: 'pwc',
      }),
    ].map((dataset) => [dataset.id, dataset]),
  );

  it('reads languages from the name when a record declares none; says nothing without any', () => {
    expect(declaresOtherLanguage(catalog, 'irony-es', 'English')).toBe(true);
    expect(declaresOtherLanguage(catalog, 'irony-es', 'Spanish')).toBe(false);
    expect(declaresOtherLanguage(catalog, 'irony-posts', 'English')).toBe(false);
    expect(declaresOtherLanguage(catalog, 'declared-fr', 'English')).toBe(true);
    expect(declaresOtherLanguage(catalog, 'declared-fr', 'French, German')).toBe(false);
  });
});
