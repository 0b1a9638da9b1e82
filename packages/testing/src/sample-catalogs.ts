/**
 * @module The small hand-written catalogs tests share (descriptions written for the tests, not
 * copied from any source): the recommender's (with citances and a toy concept embedder), the
 * agent's and the LangChain adapter's (with declared tasks, modalities and languages).
 */
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset, Embedder } from '@quarry/core';

/** A catalog dataset from a starter record. */
export function sampleDataset(
  fields: Partial<Dataset> & { id: string; description: string },
): Dataset {
  return datasetWithDefaults({ source: 'starter', ...fields });
}

/** The agent tests' datasets default to 2018. */
function agentDataset(fields: Partial<Dataset> & Pick<Dataset, 'id' | 'description'>): Dataset {
  return sampleDataset({ year: 2018, ...fields });
}

/** A citance record in the recommender's shape (DataFinder `dataset_citances.jsonl`). */
export interface SampleCitances {
  datasetName: string;
  variants: string[];
  paperId: string | null;
  sentences: string[];
}

export const recommenderSampleCatalog: Dataset[] = [
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

export const sampleCitances: SampleCitances[] = [
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

export const agentSampleCatalog: Dataset[] = [
  agentDataset({
    id: 'StreetScenes',
    description:
      'Street scene images from cars in many cities with pixel-level labels for semantic segmentation.',
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
  }),
  agentDataset({
    id: 'DriveClips',
    description:
      'Dashboard camera video clips of traffic for action recognition and tracking of pedestrians.',
    modalities: ['Videos'],
    tasks: ['Action Recognition', 'Object Tracking'],
  }),
  agentDataset({
    id: 'CityVideo',
    description: 'Video sequences of urban driving with segmentation labels on every tenth frame.',
    modalities: ['Videos'],
    tasks: ['Video Segmentation'],
  }),
  agentDataset({
    id: 'AerialSeg',
    description: 'Aerial images of cities with segmentation masks for buildings and roads.',
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
  }),
  agentDataset({
    id: 'NewsQA-DE',
    description:
      'German news articles with crowd-written questions and answer spans for question answering.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['German'],
  }),
  agentDataset({
    id: 'WikiQA-ZH',
    description:
      'Chinese encyclopedia passages with questions and answers for reading comprehension.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['Chinese'],
  }),
  agentDataset({
    id: 'SquadLike',
    description:
      'English Wikipedia paragraphs with questions whose answers are spans, for question answering.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['English'],
  }),
  agentDataset({
    id: 'ChestScans',
    description:
      'Chest X-ray images of patients labelled with fourteen diseases for medical image classification.',
    modalities: ['Images', 'Medical'],
    tasks: ['Image Classification'],
  }),
];

export const adapterSampleCatalog: Dataset[] = [
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
