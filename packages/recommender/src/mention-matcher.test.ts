import { describe, expect, it } from 'vitest';
import { commonWordsFromTexts, createMentionMatcher } from './mention-matcher.js';

const commonWords = commonWordsFromTexts({
  texts: [
    'We were inspired by prior work and restricted the map to a small area.',
    'The map is inspired by maps; access is restricted. Sketch a 3d shape.',
    'In visual question answering, visual reasoning and question answering are studied widely.',
  ],
  minCount: 2,
});

const matcher = createMentionMatcher({
  datasets: [
    { datasetId: 'MAP', names: ['MAP'] },
    { datasetId: 'SGD', names: ['SGD', 'Schema-Guided Dialogue'] },
    { datasetId: 'Inspired', names: ['Inspired'] },
    { datasetId: 'Restricted', names: ['Restricted'] },
    { datasetId: 'Adam', names: ['Adam'] },
    { datasetId: 'CIFAR-10', names: ['CIFAR-10', 'CIFAR10'] },
    { datasetId: 'COCO', names: ['COCO', 'MS COCO', 'MS-COCO'] },
    { datasetId: 'Penn Treebank', names: ['Penn Treebank', 'PTB'] },
    { datasetId: 'VQA', names: ['VQA', 'Visual Question Answering'] },
    { datasetId: 'A*3D', names: ['A*3D', '3D'] },
    { datasetId: 'Cityscapes', names: ['Cityscapes'] },
  ],
  commonWords,
});

const ids = (sentence: string) => matcher.find(sentence).map((mention) => mention.datasetId);

describe('createMentionMatcher', () => {
  it('finds distinctive names in any spelling of their separators', () => {
    expect(ids('We train on CIFAR-10 and CIFAR 10 images.')).toEqual(['CIFAR-10', 'CIFAR-10']);
    expect(ids('Results on the penn treebank are reported.')).toEqual(['Penn Treebank']);
  });

  it('prefers the longest name at a position and reports offsets', () => {
    const sentence = 'We use MS-COCO captions.';
    const [mention] = matcher.find(sentence);
    expect(mention).toMatchObject({ datasetId: 'COCO', text: 'MS-COCO', cued: false });
    expect(sentence.slice(mention?.start, mention?.end)).toBe('MS-COCO');
  });

  it('does not match method acronyms and common words without a dataset cue', () => {
    expect(ids('We optimise with SGD and Adam and report MAP on the test set.')).toEqual([]);
    expect(ids('Inspired by attention, we build a restricted model.')).toEqual([]);
    expect(ids('Restricted Boltzmann machines are trained with SGD.')).toEqual([]);
    expect(ids('A method for visual question answering on 3D scenes.')).toEqual([]);
  });

  it('matches ambiguous names written exactly and next to a cue word', () => {
    expect(ids('We evaluate on the SGD dataset of task-oriented dialogues.')).toEqual(['SGD']);
    expect(ids('The MAP benchmark contains maps.')).toEqual(['MAP']);
    expect(ids('We collect the Inspired corpus.')).toEqual(['Inspired']);
    expect(ids('We collect the inspired corpus.')).toEqual([]);
  });

  it('needs exact case for one-word names and a cue for short acronyms', () => {
    expect(ids('Aerial cityscapes at night')).toEqual([]);
    expect(ids('Street scenes of Cityscapes')).toEqual(['Cityscapes']);
    expect(ids('Our PTB results')).toEqual([]);
    expect(ids('Our results on the PTB corpus')).toEqual(['Penn Treebank']);
  });
});

describe('commonWordsFromTexts', () => {
  it('keeps lowercase words seen often enough, digits included', () => {
    expect(commonWords.has('inspired')).toBe(true);
    expect(commonWords.has('3d')).toBe(false);
    expect(commonWords.has('map')).toBe(true);
  });
});
