/**
 * @module A small hand-written catalog for agent tests.
 */
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';

function dataset(fields: Partial<Dataset> & Pick<Dataset, 'id' | 'description'>): Dataset {
  return datasetWithDefaults({ year: 2018, source: 'starter', ...fields });
}

export const sampleCatalog: Dataset[] = [
  dataset({
    id: 'StreetScenes',
    description:
      'Street scene images from cars in many cities with pixel-level labels for semantic segmentation.',
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
  }),
  dataset({
    id: 'DriveClips',
    description:
      'Dashboard camera video clips of traffic for action recognition and tracking of pedestrians.',
    modalities: ['Videos'],
    tasks: ['Action Recognition', 'Object Tracking'],
  }),
  dataset({
    id: 'CityVideo',
    description: 'Video sequences of urban driving with segmentation labels on every tenth frame.',
    modalities: ['Videos'],
    tasks: ['Video Segmentation'],
  }),
  dataset({
    id: 'AerialSeg',
    description: 'Aerial images of cities with segmentation masks for buildings and roads.',
    modalities: ['Images'],
    tasks: ['Semantic Segmentation'],
  }),
  dataset({
    id: 'NewsQA-DE',
    description:
      'German news articles with crowd-written questions and answer spans for question answering.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['German'],
  }),
  dataset({
    id: 'WikiQA-ZH',
    description:
      'Chinese encyclopedia passages with questions and answers for reading comprehension.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['Chinese'],
  }),
  dataset({
    id: 'SquadLike',
    description:
      'English Wikipedia paragraphs with questions whose answers are spans, for question answering.',
    modalities: ['Texts'],
    tasks: ['Question Answering'],
    languages: ['English'],
  }),
  dataset({
    id: 'ChestScans',
    description:
      'Chest X-ray images of patients labelled with fourteen diseases for medical image classification.',
    modalities: ['Images', 'Medical'],
    tasks: ['Image Classification'],
  }),
];
