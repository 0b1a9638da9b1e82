import { describe, expect, it } from 'vitest';
import { defaultClarificationSettings } from '../clarification-policy.js';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { decideAfterUpdate } from './decide.js';

/** A new request that names a kind of data and a domain but no task. */
const state: DialogueState = {
  ...emptyDialogueState(),
  request: 'seismograph time series from volcano monitoring',
  constraints: { modality: { value: 'Time series', source: 'request' } },
};

describe('deciding after the state changed', () => {
  it('asks for an open task in a first request', () => {
    const decision = decideAfterUpdate({
      change: 'new-request',
      state,
      candidates: [],
      settings: defaultClarificationSettings,
    });
    expect(decision).toMatchObject({ kind: 'clarify', question: { slot: 'task' } });
  });

  it('answers a new request that states something at once once datasets were shown', () => {
    const decision = decideAfterUpdate({
      change: 'new-request',
      state,
      conversing: true,
      candidates: [],
      settings: defaultClarificationSettings,
    });
    expect(decision).toEqual({ kind: 'recommend' });
    // A new request that states nothing is still asked about.
    expect(
      decideAfterUpdate({
        change: 'new-request',
        state: { ...state, constraints: {} },
        conversing: true,
        candidates: [],
        settings: defaultClarificationSettings,
      }).kind,
    ).toBe('clarify');
  });
});
