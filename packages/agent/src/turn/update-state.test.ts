import { describe, expect, it } from 'vitest';
import { createNamedDatasetFinder } from '../named-dataset.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { updateState } from './update-state.js';

const context = {
  taxonomy: createTaskTaxonomy(['Speech Separation', 'Speech Enhancement']),
  namedDatasets: createNamedDatasetFinder([]),
  findDataset: () => null,
};

describe('the state of a new request', () => {
  it('searches for what a request asks for, not for the clause that rules something out', async () => {
    const { state } = await updateState({
      previous: undefined,
      text: "speech separation: mixtures of overlapping talkers. denoising-only sets like the DNS challenge aren't what I want",
      role: 'new-request',
      yearMax: undefined,
      context,
    });
    expect(state.request).toMatch(/speech separation: mixtures of overlapping talkers/);
    expect(state.request).not.toMatch(/denoising|challenge|want/);
    expect(state.excluded).toEqual(expect.arrayContaining(['dns']));
    expect(state.constraints.task?.value).toBe('speech separation');
  });

  it('keeps the whole request when it rules nothing out', async () => {
    const text = 'speech separation datasets with two overlapping talkers';
    const { state } = await updateState({
      previous: undefined,
      text,
      role: 'new-request',
      yearMax: undefined,
      context,
    });
    expect(state.request).toBe(text);
  });
});
