/**
 * @module A small hand-written catalog for the LangChain adapter tests (descriptions written for
 * the tests, not copied from any source), with declared tasks, modalities and languages.
 */
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';

export const sampleCatalog: Dataset[] = [
  datasetWithDefaults({
    id: 'Cityscapes',
    source: 'starter',
    fullName: 'Cityscapes Dataset',
    description:
      'Street scenes recorded from a car in 50 cities, with pixel-level semantic segmentation labels for urban scene understanding.',
    year: 2016,
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
    variants: ['Cityscapes val'],
    paperTitle: 'The Cityscapes Dataset for Semantic Urban Scene Understanding',
  }),
  datasetWithDefaults({
    id: 'SQuAD',
    source: 'starter',
    fullName: 'Stanford Question Answering Dataset',
    description:
      'Questions posed by crowdworkers on English Wikipedia articles; the answer to each question is a span of the passage, for reading comprehension.',
    year: 2016,
    modalities: ['Texts'],
    tasks: ['Question Answering', 'Reading Comprehension'],
    languages: ['English'],
    variants: ['SQuAD 1.1'],
  }),
  datasetWithDefaults({
    id: 'CMRC 2018',
    source: 'starter',
    description:
      'A span-extraction reading comprehension dataset of Chinese questions on Wikipedia passages for question answering.',
    year: 2018,
    modalities: ['Texts'],
    tasks: ['Question Answering', 'Reading Comprehension'],
    languages: ['Chinese'],
  }),
  datasetWithDefaults({
    id: 'LibriSpeech',
    source: 'starter',
    description:
      'About 1000 hours of read English speech from audiobooks, with transcripts, for automatic speech recognition.',
    year: 2015,
    modalities: ['Audio'],
    tasks: ['Speech Recognition'],
    languages: ['English'],
  }),
  datasetWithDefaults({
    id: 'ImageNet',
    source: 'starter',
    description:
      'A large collection of photos organised by the WordNet hierarchy, used for image classification.',
    year: 2009,
    modalities: ['Images'],
    tasks: ['Image Classification'],
  }),
  datasetWithDefaults({
    id: 'StreetSeg 2031',
    source: 'starter',
    description: 'Semantic segmentation masks of street scenes, to be released in the future.',
    year: 2031,
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
  }),
];
