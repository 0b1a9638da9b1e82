/**
 * @module The decision step: given the state after a message, whether to ask a clarifying question
 * (the one worth asking, clarification-policy.ts) or to recommend. A refinement is answered with
 * datasets at once (the person is steering, not starting), and so is a new request that states
 * something once datasets have been shown; a first request or an answer may still leave a slot
 * open that splits the candidates. A message with nothing to read opens a fresh
 * conversation with the opening question, or reminds a running one what it can say.
 */
import type { Dataset } from '@quarry/core';
import { nextClarifyingQuestion } from '../clarification-policy.js';
import type { ClarificationSettings, ClarifyingQuestion } from '../clarification-policy.js';
import type { DialogueState } from '../dialogue-state.js';
import type { StateChange } from './update-state.js';

export type Decision =
  { kind: 'clarify'; question: ClarifyingQuestion } | { kind: 'recommend' } | { kind: 'remind' };

export function decideAfterUpdate(options: {
  change: StateChange;
  state: DialogueState;
  /** Whether datasets were shown earlier in the conversation (the person is steering). */
  conversing?: boolean;
  /** The candidates for the state, best first (what a question about a slot would split). */
  candidates: readonly Dataset[];
  settings: ClarificationSettings;
}): Decision {
  if (options.change === 'refined') return { kind: 'recommend' };
  // A new request in a running conversation that states something (a task, a kind of data, a
  // domain, a language) is answered with datasets at once: it can be refined like any other.
  const states = Object.values(options.state.constraints).some((value) => value?.value);
  if (options.change === 'new-request' && options.conversing === true && states)
    return { kind: 'recommend' };
  const question = nextClarifyingQuestion({
    constraints: options.state.constraints,
    asked: options.state.asked,
    candidates: options.candidates,
    settings: options.settings,
  });
  return question ? { kind: 'clarify', question } : { kind: 'recommend' };
}

/** For a message with nothing to read. */
export function decideOnEmpty(options: {
  previous: DialogueState | undefined;
  settings: ClarificationSettings;
}): Decision {
  const { previous } = options;
  const fresh = !previous || (previous.request === '' && previous.asked.length === 0);
  const question = fresh
    ? nextClarifyingQuestion({
        constraints: {},
        asked: [],
        candidates: [],
        settings: options.settings,
      })
    : null;
  return question ? { kind: 'clarify', question } : { kind: 'remind' };
}
