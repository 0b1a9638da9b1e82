import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryDatasetRetriever } from './dataset-retriever.js';
import { createQuarryFixture } from './test-support/quarry-fixture.js';
import type { QuarryFixture } from './test-support/quarry-fixture.js';

const idsOf = (documents: readonly { metadata: { datasetId: string } }[]) =>
  documents.map((document) => document.metadata.datasetId);

describe('QuarryDatasetRetriever', () => {
  let fixture: QuarryFixture;
  beforeAll(async () => {
    fixture = await createQuarryFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('ranks the dataset the query describes first, with its record as metadata', async () => {
    const retriever = new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
    });
    const documents = await retriever.invoke(
      'semantic segmentation of urban street scenes for self-driving cars',
    );
    const [top] = documents;
    expect(top?.id).toBe('Cityscapes');
    expect(top?.metadata).toMatchObject({
      datasetId: 'Cityscapes',
      name: 'Cityscapes',
      fullName: 'Cityscapes Dataset',
      year: 2016,
      rank: 1,
      modalities: ['Images'],
      tasks: ['Semantic Segmentation'],
      languages: [],
      paperTitle: 'The Cityscapes Dataset for Semantic Urban Scene Understanding',
    });
    expect(top?.metadata.score).toBeGreaterThan(0);
    expect(top?.metadata.why).toMatch(/segmentation/u);
    expect(top?.metadata).not.toHaveProperty('citation');
    expect(top?.pageContent.split('\n')).toEqual(
      expect.arrayContaining([
        'Cityscapes (Cityscapes Dataset), 2016',
        fixture.catalog[0]?.description,
        'Tasks: Semantic Segmentation',
        'Modalities: Images',
        `Why it fits: ${top?.metadata.why}`,
      ]),
    );
    expect(documents.map((document) => document.metadata.rank)).toEqual(
      documents.map((_, position) => position + 1),
    );
  });

  it('returns at most k documents, each a catalog dataset', async () => {
    const retriever = new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: new Map(fixture.catalog.map((dataset) => [dataset.id, dataset])),
      k: 2,
    });
    const documents = await retriever.invoke(
      'question answering reading comprehension over Wikipedia',
    );
    expect(documents).toHaveLength(2);
    const catalogIds = fixture.catalog.map((dataset) => dataset.id);
    for (const id of idsOf(documents)) expect(catalogIds).toContain(id);
  });

  it('applies the language, modality, task and year filters', async () => {
    const query = 'reading comprehension question answering over Wikipedia';
    const chinese = await new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      filters: { language: 'Chinese' },
    }).invoke(query);
    expect(idsOf(chinese)).toEqual(['CMRC 2018']);
    const english = await new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      filters: { language: 'English', task: 'question answering' },
    }).invoke(query);
    expect(idsOf(english)[0]).toBe('SQuAD');
    expect(idsOf(english)).not.toContain('CMRC 2018');
    const audio = await new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      filters: { modality: 'audio' },
    }).invoke('English speech recognition from audiobooks');
    expect(idsOf(audio)).toEqual(['LibriSpeech']);
    const segmentation = 'semantic segmentation of street scenes';
    const unfiltered = await new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
    }).invoke(segmentation);
    expect(idsOf(unfiltered)).toContain('StreetSeg 2031');
    const upTo2020 = await new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      filters: { yearMax: 2020 },
    }).invoke(segmentation);
    expect(idsOf(upTo2020)[0]).toBe('Cityscapes');
    expect(idsOf(upTo2020)).not.toContain('StreetSeg 2031');
  });

  it('cites a sentence of an ingested paper that names the dataset, given a frame index', async () => {
    const retriever = new QuarryDatasetRetriever({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      frameIndex: fixture.frameIndex,
      k: 1,
    });
    const [top] = await retriever.invoke('extractive question answering on English Wikipedia');
    expect(top?.metadata.datasetId).toBe('SQuAD');
    expect(top?.metadata.citation).toMatchObject({
      paperId: 'paper-reader',
      paperTitle: 'A Reader for Open-Domain Questions',
      sentenceIndex: 1,
      text: 'The reader reaches 81.2 exact match on the SQuAD development set.',
    });
    expect(top?.pageContent).toContain(
      'Cited in "A Reader for Open-Domain Questions": The reader reaches 81.2 exact match on the SQuAD development set.',
    );
  });

  it('rejects a bad k when built and an empty query when invoked', async () => {
    const make = (k: number) =>
      new QuarryDatasetRetriever({ recommender: fixture.recommender, catalog: [], k });
    expect(() => make(0)).toThrow(/k: must be a whole number of at least 1, got 0/u);
    expect(() => make(2.5)).toThrow(/k:/u);
    await expect(make(3).invoke('   ')).rejects.toMatchObject({
      code: 'invalid_input',
      where: 'query',
    });
  });
});
