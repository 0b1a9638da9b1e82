import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { analyze } from '@quarry/text';
import { createCatalogTerms } from '../dialogue/refined-candidates.js';
import {
  declaresOtherLanguage,
  declaresTask,
  fitsTask,
  saysTask,
  spellOutTaskAbbreviations,
  taskWord,
} from './catalog-facts.js';

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

  it('reads a short form of a task as its spelled-out name', () => {
    const multilingualQa = datasetWithDefaults({
      id: 'mlqa-like',
      description: 'Parallel questions in seven languages.',
      tasks: ['Question Answering'],
      source: 'pwc',
    });
    expect(spellOutTaskAbbreviations('extractive QA')).toBe('extractive QA question answering');
    expect(spellOutTaskAbbreviations('quality estimation')).toBe('quality estimation');
    expect(fitsTask(multilingualQa, 'extractive qa', 'Spanish')).toBe(true);
    expect(fitsTask(readAudiobooks, 'ASR')).toBe(true);
    expect(fitsTask(readAudiobooks, 'NER')).toBe(false);
  });

  it('matches a declared task by a shared content word', () => {
    expect(fitsTask(readAudiobooks, 'speech synthesis')).toBe(true);
    expect(fitsTask(readAudiobooks, 'image classification')).toBe(false);
  });
});

describe('saysTask', () => {
  const actedEmotions = datasetWithDefaults({
    id: 'acted-emotions',
    description: 'Sentences read by actors in six emotions, recorded in a studio.',
    source: 'pwc',
  });
  const terms = createCatalogTerms(
    new Map([readAudiobooks, actedEmotions].map((dataset) => [dataset.id, dataset] as const)),
  );

  it('reads the one word that tells a task from others of its kind of data', () => {
    expect(taskWord('speech emotion recognition')).toEqual(analyze('emotion'));
    // A kind of data's word alone does not tell the task.
    expect(taskWord('speech recognition')).toEqual([]);
    expect(taskWord('text classification')).toEqual([]);
    // Several such words (a record says them in other words): none.
    expect(taskWord('continuous control')).toEqual([]);
  });

  it('tells a record that says the task word from one sharing only the kind of data', () => {
    expect(saysTask(terms, 'acted-emotions', 'speech emotion recognition')).toBe(true);
    // It declares Speech Recognition, which shares "speech" and "recognition" with the task.
    expect(fitsTask(readAudiobooks, 'speech emotion recognition')).toBe(true);
    expect(saysTask(terms, 'read-audiobooks', 'speech emotion recognition')).toBe(false);
  });
});

describe('declaresTask', () => {
  const catalog = new Map(
    [
      datasetWithDefaults({
        id: 'wiki-qa',
        description: 'Questions about encyclopedia articles with answer spans.',
        tasks: ['Question Answering'],
        source: 'pwc',
      }),
      datasetWithDefaults({
        id: 'clip-qa',
        description: 'Questions about short video clips from television shows.',
        tasks: ['Question Answering'],
        source: 'pwc',
      }),
      datasetWithDefaults({
        id: 'movie-vqa',
        description: 'Questions about movies.',
        tasks: ['Video Question Answering'],
        source: 'pwc',
      }),
    ].map((dataset) => [dataset.id, dataset]),
  );

  const terms = createCatalogTerms(catalog);

  it('counts a declared task that holds the wanted one, or a broader one when the record says the rest', () => {
    expect(declaresTask(catalog, 'movie-vqa', 'video question answering', terms)).toBe(true);
    expect(declaresTask(catalog, 'movie-vqa', 'question answering', terms)).toBe(true);
    expect(declaresTask(catalog, 'clip-qa', 'video question answering', terms)).toBe(true);
    // "Question Answering" over encyclopedia text is no video question answering.
    expect(declaresTask(catalog, 'wiki-qa', 'video question answering', terms)).toBe(false);
    expect(declaresTask(catalog, 'wiki-qa', 'question answering', terms)).toBe(true);
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
