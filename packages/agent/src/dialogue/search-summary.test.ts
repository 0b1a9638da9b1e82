import { describe, expect, it } from 'vitest';
import { emptyDialogueState } from '../dialogue-state.js';
import { nonCommercialPhrase, openLicencePhrase } from './licence-wish.js';
import { describeSearch } from './search-summary.js';

describe('the standing request in one line', () => {
  it('shows a phrase of alternatives by its first, with the years and what was ruled out', () => {
    expect(
      describeSearch({
        ...emptyDialogueState(),
        request: 'relation extraction corpora',
        constraints: { task: { value: 'relation extraction', source: 'request' } },
        focus: ['legal/law/court'],
        yearMin: 2018,
        excluded: ['synthetic'],
      }),
    ).toBe('relation extraction · legal · from 2018 on · not synthetic');
  });

  it('says whole alternatives with "or", and the tasks turned from', () => {
    expect(
      describeSearch({
        ...emptyDialogueState(),
        request: 'domain adaptation benchmarks',
        constraints: { task: { value: 'domain adaptation', source: 'request' } },
        focus: ['speech recognition | sound event detection'],
        leftTasks: ['object recognition'],
      }),
    ).toBe(
      'domain adaptation · speech recognition or sound event detection · instead of object recognition',
    );
  });

  it('says the terms of use asked for in a few words', () => {
    expect(
      describeSearch({
        ...emptyDialogueState(),
        request: 'video quality datasets',
        constraints: { task: { value: 'video quality assessment', source: 'request' } },
        focus: [openLicencePhrase],
        excluded: [nonCommercialPhrase, 'roads'],
      }),
    ).toBe('video quality assessment · open licence · not non-commercial licences, not roads');
  });
});
