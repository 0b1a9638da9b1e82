import { describe, expect, it } from 'vitest';
import { shippedTermRatios } from './term-ratio-file.js';
import { bigramAnalyzer, createQueryTermWeigher } from './query-terms.js';
import { defaultRecommenderSettings } from './recommender-settings.js';
import { formatTermRatioTable, learnTermRatios, parseTermRatioTable } from './term-ratios.js';

describe('learnTermRatios', () => {
  it('gives method words negative and data words positive ratios', () => {
    const researchTexts = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0
        ? 'we propose a novel network for image segmentation'
        : 'we propose a novel loss',
    );
    const descriptionTexts = Array.from({ length: 40 }, () => 'images with segmentation masks');
    const keyphraseTexts = Array.from({ length: 40 }, () => 'image segmentation');
    const ratios = new Map(
      learnTermRatios({ researchTexts, descriptionTexts, keyphraseTexts, minResearchCount: 1 }).map(
        (ratio) => [ratio.term, ratio],
      ),
    );
    expect(ratios.get('propos')?.descriptionRatio).toBeLessThan(-1);
    expect(ratios.get('propos')?.keyphraseRatio).toBeLessThan(-1);
    expect(ratios.get('segment')?.descriptionRatio).toBeGreaterThan(0);
    const table = formatTermRatioTable([...ratios.values()]);
    expect(parseTermRatioTable(table).get('novel')?.descriptionRatio).toBeCloseTo(
      ratios.get('novel')?.descriptionRatio ?? 0,
      2,
    );
  });
});

describe('createQueryTermWeigher (shipped statistics)', () => {
  const weigher = createQueryTermWeigher({
    ratios: shippedTermRatios(),
    weighting: defaultRecommenderSettings.termWeighting,
  });

  it('weighs method words below task, modality and language words', () => {
    const terms = weigher.weigh(
      'We propose a novel neural network architecture for semantic segmentation of images in English.',
    );
    const weight = (text: string) => terms.unigrams.find((term) => term.text === text)?.weight ?? 0;
    for (const methodWord of ['propose', 'novel', 'neural', 'network', 'architecture']) {
      expect(weight(methodWord)).toBeLessThan(weight('segmentation'));
      expect(weight(methodWord)).toBeLessThan(weight('images'));
      expect(weight(methodWord)).toBeLessThan(weight('english'));
    }
    expect(terms.unigrams.find((term) => term.text === 'images')?.needWords).toEqual([
      { category: 'modality', label: 'Image' },
    ]);
  });

  it('pairs adjacent content words into bigrams the index analyzer also produces', () => {
    const terms = weigher.weigh('semantic segmentation of street scenes');
    expect(terms.bigrams.map((term) => term.term)).toEqual([
      'semant_segment',
      'segment_street',
      'street_scene',
    ]);
    expect(bigramAnalyzer('Semantic segmentation of street scenes')).toEqual([
      'semant_segment',
      'segment_street',
      'street_scene',
    ]);
  });
});
