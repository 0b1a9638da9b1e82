import { describe, expect, it } from 'vitest';
import { classifyMessage } from './message-intent.js';

describe('message intent', () => {
  it.each([
    'what loss does the DeepLab paper use?',
    'which datasets did ResNet evaluate on?',
    'What learning rate did the authors use for fine-tuning?',
    'How many layers does the proposed network have?',
    'which architectures overfit when fine-tuned on few examples?',
    'What regularisers help with label noise?',
  ])('takes "%s" for a paper question', (message) => {
    expect(classifyMessage(message)).toEqual({ kind: 'paper-question', question: message });
  });

  it.each([
    'adversarial domain adaptation for semantic segmentation',
    'Which dataset should I use for German sentiment analysis?',
    'what are good datasets for speech recognition?',
    'can you recommend data for video captioning?',
    'I want to train a model that detects pedestrians in images',
    'images, not video',
    'No preference',
    'which benchmarks test models on long documents?',
    'what about models of speech?',
    // Data described by what it holds, however the question ends ("… the typeface used?").
    'visual font recognition: datasets of text images labelled with the typeface used?',
    'any datasets where the speakers were recorded on phones?',
  ])('takes "%s" for a dataset request', (message) => {
    expect(classifyMessage(message)).toEqual({ kind: 'dataset-request' });
  });

  it('reads "find X in Y" as a search inside that paper', () => {
    expect(classifyMessage('find the learning rate in the DeepLab paper')).toEqual({
      kind: 'find-in-paper',
      query: 'the learning rate',
      paper: 'DeepLab',
    });
    expect(classifyMessage('find a dataset in my field').kind).toBe('dataset-request');
  });
});
