/**
 * @module A small hand-written catalog for recommender tests (descriptions written for the tests,
 * not copied from any source).
 */
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset, Embedder } from '@quarry/core';
import type { DatasetCitances } from '../dataset-citances.js';

export function sampleDataset(
  fields: Partial<Dataset> & { id: string; description: string },
): Dataset {
  return datasetWithDefaults({ source: 'starter', ...fields });
}

export const sampleCatalog: Dataset[] = [
  sampleDataset({
    id: 'Cityscapes',
    description:
      'Street scenes recorded from a car in 50 cities, with pixel-level semantic segmentation labels for urban scene understanding.',
    year: 2016,
    variants: ['Cityscapes', 'Cityscapes val', 'Cityscapes test'],
    paperTitle: 'The Cityscapes Dataset for Semantic Urban Scene Understanding',
  }),
  sampleDataset({
    id: 'ImageNet',
    description:
      'A large collection of photos organised by the WordNet hierarchy, used for image classification.',
    year: 2009,
    variants: ['ImageNet', 'ILSVRC 2012', 'ImageNet-1k', 'ImageNet 64x64'],
    modalities: ['Images'],
    tasks: ['Image Classification'],
  }),
  sampleDataset({
    id: 'SQuAD',
    description:
      'Questions posed by crowdworkers on English Wikipedia articles; the answer to each question is a span of the passage, for reading comprehension.',
    year: 2016,
    tasks: ['Question Answering', 'Reading Comprehension'],
    languages: ['English'],
  }),
  sampleDataset({
    id: 'CMRC',
    description:
      'A span-extraction reading comprehension dataset of Chinese questions and Wikipedia passages for question answering.',
    year: 2018,
  }),
  sampleDataset({
    id: 'WMT 2014',
    description:
      'Parallel news text for machine translation between English and German and English and French, from the 2014 shared task.',
    year: 2014,
  }),
  sampleDataset({
    id: 'NetArch',
    description:
      'A collection of trained neural network architectures: convolutional layers, attention mechanisms and transformers, with their losses, for novel architecture search methods.',
    year: 2019,
  }),
  sampleDataset({
    id: 'KITTI',
    description:
      'Recordings from a vehicle driving around a mid-size city, with lidar point clouds and stereo images for 3D object detection and autonomous driving.',
    year: 2012,
  }),
  sampleDataset({
    id: 'FutureSeg',
    description: 'Semantic segmentation masks of street scenes captured in the future.',
    year: 2030,
  }),
  sampleDataset({
    id: 'NoYearSeg',
    description: 'Semantic segmentation of street scenes with an unknown release year.',
  }),
];

export const sampleCitances: DatasetCitances[] = [
  {
    datasetName: 'SQuAD',
    variants: ['SQuAD 1.1'],
    paperId: 'p1',
    sentences: [
      'We fine-tune our reader on SQuAD for extractive question answering over Wikipedia paragraphs.',
      'Training took two days.',
    ],
  },
  {
    datasetName: 'squad',
    variants: [],
    paperId: 'p2',
    sentences: ['Models are compared on the SQuAD leaderboard.'],
  },
  { datasetName: 'Unknown Set', variants: [], paperId: 'p3', sentences: ['Nothing to attach.'] },
];

/**
 * A toy embedder: one dimension per concept, a text has weight on the concepts whose words it
 * contains. "automobiles" and "driving" share a concept, so dense retrieval can find what no word
 * in common would.
 */
export function conceptEmbedder(): Embedder & { calls: number } {
  const concepts = [
    ['automobile', 'automobiles', 'driving', 'vehicle'],
    ['translation', 'translate', 'parallel'],
    ['question', 'questions', 'answer'],
  ];
  const embedder = {
    modelId: 'concept-toy',
    dimension: concepts.length,
    calls: 0,
    embed(texts: readonly string[]) {
      embedder.calls += 1;
      return Promise.resolve(
        texts.map((text) => {
          const words = new Set(text.toLowerCase().split(/[^a-z]+/u));
          const vector = Float32Array.from(concepts, (concept) =>
            concept.some((word) => words.has(word)) ? 1 : 0,
          );
          const norm = Math.hypot(...vector) || 1;
          return vector.map((value) => value / norm);
        }),
      );
    },
  };
  return embedder;
}
