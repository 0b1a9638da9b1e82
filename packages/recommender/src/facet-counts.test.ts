import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { createCatalogBrowser } from './catalog-browser.js';
import type { BrowseOptions, BrowseResult } from './catalog-browser.js';
import type { FacetName } from './dataset-filters.js';

function dataset(fields: Partial<Dataset> & Pick<Dataset, 'id' | 'description'>): Dataset {
  return datasetWithDefaults({ name: fields.id, source: 'starter', ...fields });
}

/** Declared modalities in both numbers and cases, tasks declared exactly, inside others, or not. */
const catalog = [
  dataset({ id: 'squad', description: 'Reading passages.', tasks: ['Question Answering'] }),
  dataset({ id: 'vqa', description: 'Questions on scenes.', tasks: ['Visual Question Answering'] }),
  dataset({
    id: 'triviaqa',
    description: 'Trivia questions for answering over evidence documents.',
    languages: ['English'],
  }),
  dataset({ id: 'cifar', description: 'Tiny labelled pictures.', modalities: ['Images'] }),
  dataset({ id: 'lsun', description: 'Scenes.', modalities: ['image'] }),
  dataset({ id: 'flickr', description: 'Photographs with captions in English.' }),
  dataset({ id: 'kinetics', description: 'Clips.', modalities: ['Videos'] }),
  dataset({ id: 'ucf', description: 'Action clips.', modalities: ['video'] }),
  dataset({ id: 'cora', description: 'Citations.', modalities: ['Graphs', 'Texts'] }),
  dataset({
    id: 'germeval',
    description: 'German tweets.',
    modalities: ['Text'],
    languages: ['German'],
  }),
];

const facetKeys = { modality: 'modalities', task: 'tasks', language: 'languages' } as const;

function countsOf(result: BrowseResult, facet: FacetName) {
  return result.facets[facetKeys[facet]];
}

describe('facet counts', () => {
  const browser = createCatalogBrowser(catalog);

  it('lists one value per modality, whatever the number or case a record declares it in', () => {
    const modalities = countsOf(browser.browse(), 'modality');
    expect(modalities.map((count) => count.value).sort()).toEqual([
      'graph',
      'image',
      'text',
      'video',
    ]);
    expect(modalities).toContainEqual({ value: 'image', count: 3 });
    expect(modalities).toContainEqual({ value: 'video', count: 2 });
    const ids = (modality: string) =>
      browser
        .browse({ filters: { modality } })
        .datasets.map((record) => record.id)
        .sort();
    expect(ids('images')).toEqual(['cifar', 'flickr', 'lsun']);
    expect(ids('Image')).toEqual(ids('images'));
    expect(ids('videos')).toEqual(['kinetics', 'ucf']);
  });

  it('counts a task by the filter rule: declared inside another task or named in the text', () => {
    expect(countsOf(browser.browse(), 'task')).toContainEqual({
      value: 'question answering',
      count: 3,
    });
    expect(
      browser
        .browse({ filters: { task: 'question answering' } })
        .datasets.map((record) => record.id)
        .sort(),
    ).toEqual(['squad', 'triviaqa', 'vqa']);
  });

  it('gives each listed value the number its filter lists, with the other filters kept', () => {
    const requests: BrowseOptions[] = [
      {},
      { filters: { modality: 'image' } },
      { filters: { language: 'english' } },
      { filters: { task: 'question answering', language: 'english' } },
      { filters: { modality: 'text', language: 'german' }, name: 'g' },
    ];
    for (const request of requests) {
      const result = browser.browse(request);
      for (const facet of ['modality', 'task', 'language'] as const) {
        for (const { value, count } of countsOf(result, facet)) {
          const chosen = browser.browse({
            ...request,
            filters: { ...request.filters, [facet]: value },
          });
          expect({ request, facet, value, count: chosen.total }).toEqual({
            request,
            facet,
            value,
            count,
          });
        }
      }
    }
  });
});
