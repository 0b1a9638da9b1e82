import { describe, expect, it } from 'vitest';
import { createMentionMatcher } from './mention-matcher.js';
import { popularityPriors, usageEvidence } from './popularity-prior.js';
import { sampleDataset } from '@quarry/testing';
import { usageExamplesFromTexts } from './usage-examples.js';

const matcher = createMentionMatcher({
  datasets: [
    { datasetId: 'ImageNet', names: ['ImageNet', 'ILSVRC 2012'] },
    { datasetId: 'CIFAR-10', names: ['CIFAR-10'] },
    { datasetId: 'SGD', names: ['SGD'] },
  ],
});

describe('usageExamplesFromTexts', () => {
  it('turns research descriptions that name datasets into examples without the names', () => {
    const records = usageExamplesFromTexts({
      texts: [
        'We propose a new pruning method and evaluate it on ImageNet and CIFAR-10 classification.',
        'We train with SGD on a large image classification task.',
        'ImageNet.',
      ],
      matcher,
      maxDatasetsPerText: 3,
      minWords: 5,
    });
    expect(records).toEqual([
      {
        datasetName: 'ImageNet',
        variants: [],
        paperId: 'usage-0',
        sentences: ['We propose a new pruning method and evaluate it on and classification.'],
      },
      {
        datasetName: 'CIFAR-10',
        variants: [],
        paperId: 'usage-0',
        sentences: ['We propose a new pruning method and evaluate it on and classification.'],
      },
    ]);
  });

  it('skips texts that name too many datasets', () => {
    const records = usageExamplesFromTexts({
      texts: ['Results on ImageNet and CIFAR-10 for image classification are strong here.'],
      matcher,
      maxDatasetsPerText: 1,
      minWords: 1,
    });
    expect(records).toEqual([]);
  });
});

describe('popularityPriors', () => {
  it('log-scales evidence of use and scales it to [0, 1]', () => {
    const evidence = [
      usageEvidence({
        dataset: sampleDataset({ id: 'A', description: '', variants: ['A', 'A v2', 'A v3'] }),
        citingPapers: 0,
        usageExamples: 10,
      }),
      usageEvidence({
        dataset: sampleDataset({ id: 'B', description: '' }),
        citingPapers: 0,
        usageExamples: 0,
      }),
      usageEvidence({
        dataset: sampleDataset({ id: 'C', description: '' }),
        citingPapers: 1,
        usageExamples: 1,
      }),
    ];
    expect(evidence[0]?.extraVariants).toBe(2);
    const priors = popularityPriors({
      evidence,
      weights: { citances: 1, usage: 1, variants: 1, papers: 1 },
    });
    expect(priors[0]).toBe(1);
    expect(priors[1]).toBe(0);
    expect(priors[2]).toBeCloseTo((2 * Math.log(2)) / (Math.log(11) + Math.log(3)), 12);
  });
});
