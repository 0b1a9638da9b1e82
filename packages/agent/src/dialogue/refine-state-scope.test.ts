import { describe, expect, it } from 'vitest';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { nonCommercialPhrase, openLicencePhrase } from './licence-wish.js';
import { refineState } from './refine-state.js';

const taxonomy = createTaskTaxonomy(['Semantic Segmentation', 'Image Classification']);
const refine = (message: string, state: DialogueState) =>
  refineState({ state, message, correction: false, taxonomy, findDataset: () => null });
/** A standing request with its slots. */
const standing = (request: string, constraints: DialogueState['constraints']): DialogueState => ({
  ...emptyDialogueState(),
  request,
  constraints,
});

describe('what a refinement keeps of the standing request', () => {
  it('filters by no language that is only allowed', () => {
    const contracts = standing(
      'Legal NLP: which datasets are built from contracts? Clause extraction in English.',
      {
        task: { value: 'clause extraction', source: 'request' },
        language: { value: 'English', source: 'request' },
      },
    );
    const widened = refine("Multilingual is fine, doesn't have to be English only.", contracts);
    expect(widened.constraints.language).toBeUndefined();
    expect(widened.constraints.task?.value).toBe('clause extraction');
    // A language asked for is still a filter.
    expect(refine('only Multilingual ones', contracts).constraints.language?.value).toBe(
      'Multilingual',
    );
  });

  it('keeps what a task was about when a refinement names only another head of its sort', () => {
    const waste = standing(
      "what image datasets are there for trash / waste recognition? it's for a robot",
      { task: { value: 'trash waste recognition', source: 'request' } },
    );
    const masks = refine(
      'One hard requirement though: per-pixel masks (instance or semantic segmentation).',
      waste,
    );
    expect(masks.constraints.task?.value).toBe('trash waste segmentation');
    // Sorts of the head ("instance", "semantic") say nothing of what is segmented.
    expect(
      refine('we need instance segmentation masks for the items', waste).constraints.task?.value,
    ).toBe('trash waste segmentation');
    // "depth maps" is data, not a mapping task.
    const salient = standing('salient object detection on RGB photos', {
      task: { value: 'salient object detection', source: 'request' },
    });
    expect(refine('any with depth maps too?', salient).constraints.task?.value).toBe(
      'salient object detection',
    );
    // A task of another sort replaces the whole task.
    expect(refine('actually I want summarization instead', waste).constraints.task?.value).toBe(
      'summarization',
    );
  });

  it('orders by the terms of use asked for, as descriptions state them', () => {
    const quality = standing('user-generated video quality datasets with mean opinion scores', {
      modality: { value: 'Video', source: 'request' },
    });
    const open = refine('only datasets built from Creative Commons licensed videos', quality);
    expect(open.focus).toContain(openLicencePhrase);
    expect(open.excluded).not.toContain(nonCommercialPhrase);
    // The licence phrase alone: "non commercial" as words would match few descriptions.
    const commercial = refine('nothing with a non-commercial licence please', quality);
    expect(commercial.excluded).toEqual([nonCommercialPhrase]);
    // …and takes nothing back, so "any with depth maps too" is no widening that asks for nothing.
    const depth = refine('any with depth maps too? nothing non-commercial please', quality);
    expect(depth.dropped).not.toContain('commercial');
    expect(depth.focus.join(' ')).toContain('depth');
  });
});
