import { describe, expect, it } from 'vitest';
import { createBm25Baseline } from './bm25-baseline.js';
import { createDatasetRecommender } from './dataset-recommender.js';
import {
  conceptEmbedder,
  recommenderSampleCatalog as sampleCatalog,
  sampleCitances,
} from '@quarry/testing';

const ids = (results: readonly { datasetId: string }[]) =>
  results.map((result) => result.datasetId);

describe('createDatasetRecommender', () => {
  it('ranks the dataset whose task the query describes first, and says why', async () => {
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    const [top] = await recommender.recommend({
      query: 'We want to build semantic segmentation of urban street scenes for self-driving cars.',
      limit: 3,
    });
    expect(top?.datasetId).toBe('Cityscapes');
    expect(top?.explanation.matchedWords).toEqual(
      expect.arrayContaining(['segmentation', 'urban', 'street']),
    );
    expect(top?.explanation.summary).toMatch(/segmentation/u);
  });

  it('keeps only datasets no newer than yearMax, and those without a year', async () => {
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    const results = await recommender.recommend({
      query: 'semantic segmentation of street scenes',
      limit: 10,
      yearMax: 2015,
    });
    expect(ids(results)).toContain('NoYearSeg');
    expect(ids(results)).not.toContain('FutureSeg');
    expect(ids(results)).not.toContain('Cityscapes');
    const unfiltered = await recommender.recommend({
      query: 'semantic segmentation of street scenes',
      limit: 10,
    });
    expect(ids(unfiltered)).toEqual(expect.arrayContaining(['FutureSeg', 'Cityscapes']));
  });

  it('applies language, modality and task filters from declared or inferred fields', async () => {
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    const query = 'reading comprehension question answering over Wikipedia';
    const chinese = await recommender.recommend({
      query,
      limit: 5,
      filters: { language: 'Chinese' },
    });
    expect(ids(chinese)).toContain('CMRC');
    expect(ids(chinese)).not.toContain('SQuAD');
    const english = await recommender.recommend({
      query,
      limit: 5,
      filters: { language: 'english' },
    });
    expect(ids(english)[0]).toBe('SQuAD');
    expect(ids(english)).not.toContain('CMRC');
    const images = await recommender.recommend({
      query: 'a large collection of photos for classification',
      limit: 5,
      filters: { modality: 'images', task: 'image classification' },
    });
    expect(ids(images)).toEqual(['ImageNet']);
  });

  it('does not let method words outweigh the task', async () => {
    const query =
      'We propose a novel attention-based convolutional neural network architecture with transformers for machine translation.';
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    const results = await recommender.recommend({ query, limit: 3 });
    expect(results[0]?.datasetId).toBe('WMT 2014');
    // Plain BM25 is pulled to the dataset full of method words.
    const baseline = createBm25Baseline({ datasets: sampleCatalog });
    expect(baseline.rank({ query, limit: 1 })[0]?.datasetId).toBe('NetArch');
  });

  it('indexes citances, quotes the best one and ignores records it cannot attach', async () => {
    const recommender = await createDatasetRecommender({
      datasets: sampleCatalog,
      citances: sampleCitances,
    });
    const [top] = await recommender.recommend({
      query: 'fine-tune a reader for question answering over Wikipedia paragraphs',
      limit: 1,
    });
    expect(top?.datasetId).toBe('SQuAD');
    expect(top?.explanation.citance).toBe(
      'We fine-tune our reader on SQuAD for extractive question answering over Wikipedia paragraphs.',
    );
    expect(top?.explanation.tasks).toContain('Question Answering');
  });

  it('boosts a dataset the query names', async () => {
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    const results = await recommender.recommend({
      query: 'images like ILSVRC 2012 for a new classifier',
      limit: 3,
    });
    expect(results[0]?.datasetId).toBe('ImageNet');
    expect(results[0]?.explanation.mentioned).toBe(true);
  });

  it('mixes in dense similarity when an embedder is given', async () => {
    const embedder = conceptEmbedder();
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog, embedder });
    const [top] = await recommender.recommend({ query: 'automobiles', limit: 1 });
    expect(top?.datasetId).toBe('KITTI');
    const lexicalOnly = await createDatasetRecommender({ datasets: sampleCatalog });
    expect(await lexicalOnly.recommend({ query: 'automobiles', limit: 1 })).toEqual([]);
  });

  it('says how close in meaning a text is to given datasets, by its encoders', async () => {
    const recommender = await createDatasetRecommender({
      datasets: sampleCatalog,
      embedder: conceptEmbedder(),
    });
    const closeness = await recommender.similarity('automobiles', ['KITTI', 'SQuAD', 'nowhere']);
    expect(closeness.get('KITTI')).toBeGreaterThan(0.5);
    expect(closeness.get('SQuAD')).toBe(0);
    expect(closeness.get('nowhere')).toBe(0);
    const lexicalOnly = await createDatasetRecommender({ datasets: sampleCatalog });
    expect([...(await lexicalOnly.similarity('automobiles', ['KITTI'])).values()]).toEqual([0]);
  });

  it('rejects a bad limit', async () => {
    const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
    await expect(recommender.recommend({ query: 'x', limit: -1 })).rejects.toThrow(/limit/u);
  });
});
