import { describe, expect, it } from 'vitest';
import { nonCommercialPhrase, openLicencePhrase } from '../dialogue/licence-wish.js';
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

  it('orders by the terms of use a first message asks for', async () => {
    const { state } = await updateState({
      previous: undefined,
      text: 'speech separation corpora I can use commercially, ideally Creative Commons',
      role: 'new-request',
      yearMax: undefined,
      context,
    });
    expect(state.focus).toEqual([openLicencePhrase]);
    expect(state.excluded).toContain(nonCommercialPhrase);
  });
});

describe('the state after an answer', () => {
  const asked = async (text: string, pending: 'modality' | 'task') => {
    const { state: previous } = await updateState({
      previous: undefined,
      text: 'spine imaging datasets for segmentation',
      role: 'new-request',
      yearMax: undefined,
      context,
    });
    return updateState({
      previous: { ...previous, pending, asked: [pending] },
      text,
      role: 'answer',
      yearMax: undefined,
      context,
    });
  };

  it('fills the slot of a short answer and asks for nothing more', async () => {
    const { change, state } = await asked('CT scans', 'modality');
    expect(change).toBe('answered');
    expect(state.constraints.modality).toEqual({ value: 'Medical', source: 'answer' });
    expect(state.focus).toEqual([]);
  });

  it('reads what an answer says beyond its slot as a refinement', async () => {
    const { change, state, notes } = await asked(
      'Restrict to CT with vertebra-level labels.',
      'modality',
    );
    expect(change).toBe('refined');
    expect(state.constraints.modality).toEqual({ value: 'Medical', source: 'answer' });
    expect(state.focus.join(' ')).toContain('vertebra-level');
    expect(notes[0]).toMatch(/^Searching for: /);
    // A task answer that names no task is searched as the focus, not shown as the task too.
    const nilm = await asked(
      "need appliance-level / sub-metered measurements, we're doing load disaggregation (NILM)",
      'task',
    );
    expect(nilm.change).toBe('refined');
    expect(nilm.state.constraints.task).toEqual({ value: null, source: 'answer' });
    expect(nilm.state.focus.join(' ')).toContain('load disaggregation');
    // Another language's answer is read through its concepts only: it fills its slot.
    const chinese = await asked(
      '主要是医学命名实体识别和实体关系抽取，必须是中文数据，英文的 i2b2 之类不需要。',
      'task',
    );
    expect(chinese.change).toBe('answered');
  });
});
