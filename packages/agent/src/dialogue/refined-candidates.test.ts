import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { emptyDialogueState } from '../dialogue-state.js';
import { createCatalogTerms, orderByRefinements } from './refined-candidates.js';

const catalog = new Map(
  [
    ['tagger-news', 'Entity tags on newswire articles.'],
    ['tagger-disease', 'Entity tags of disease mentions in abstracts.'],
    ['tagger-clinical', 'Entity tags in clinical notes.'],
  ].map(([id, description]) => [
    id ?? '',
    datasetWithDefaults({ id: id ?? '', description: description ?? '', source: 'pwc' }),
  ]),
);

describe('ordering by refinements', () => {
  it('keeps, for a phrase of alternatives, every dataset saying one of them', () => {
    const ordered = orderByRefinements({
      ranked: [...catalog.keys()].map((datasetId) => ({ datasetId })),
      state: {
        ...emptyDialogueState(),
        focus: ['medical/clinical/disease'],
        required: ['medical/clinical/disease'],
      },
      catalog,
      terms: createCatalogTerms(catalog),
      focusShare: 0.5,
      strictFocusShare: 0.6,
      focusPool: 20,
      sizeWindow: 10,
    });
    expect(ordered.map((item) => item.datasetId).sort()).toEqual([
      'tagger-clinical',
      'tagger-disease',
    ]);
  });
});
