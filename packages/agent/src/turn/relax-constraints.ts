/**
 * @module When the constraints leave no dataset, the ways to relax them, one constraint at a time,
 * most recent first: an answered kind of data or language, a year bound, a size bound, a phrase
 * every dataset had to say ("only MRI"), a task named in a refinement. Each relaxation names what
 * it lifts and what the person can send to lift it for good ("any language is fine"), so a reply
 * can show the nearest datasets without it and offer that one reply.
 */
import type { DialogueState } from '../dialogue-state.js';
import type { Constraints, Slot } from '../slots.js';

function without(constraints: Constraints, slot: Slot): Constraints {
  return Object.fromEntries(Object.entries(constraints).filter(([name]) => name !== slot));
}

export interface Relaxation {
  /** What is lifted, in the reply's words ("in Basque", "from 2023 on"). */
  label: string;
  /** The message that lifts it in the conversation (a quick reply). */
  reply: string;
  state: DialogueState;
}

export function relaxations(state: DialogueState): Relaxation[] {
  const found: Relaxation[] = [];
  const { constraints } = state;
  const language = constraints.language?.value;
  if (language) {
    found.push({
      label: `in ${language}`,
      reply: 'any language is fine',
      state: { ...state, constraints: without(constraints, 'language') },
    });
  }
  const modality = constraints.modality;
  if (modality?.value && modality.source !== 'request') {
    found.push({
      label: modality.value.toLowerCase(),
      reply: 'any kind of data is fine',
      state: { ...state, constraints: without(constraints, 'modality') },
    });
  }
  if (state.yearMin !== null || state.yearMax !== null) {
    found.push({
      label: state.yearMin !== null ? `from ${state.yearMin} on` : `up to ${String(state.yearMax)}`,
      reply: 'any year is fine',
      state: { ...state, yearMin: null, yearMax: null },
    });
  }
  if (state.size !== null && (state.size.min !== null || state.size.max !== null)) {
    found.push({
      label: 'the size bound',
      reply: 'any size is fine',
      state: { ...state, size: { ...state.size, min: null, max: null } },
    });
  }
  for (const phrase of state.required) {
    found.push({
      label: `only “${phrase}”`,
      reply: `it doesn't have to be ${phrase}`,
      state: { ...state, required: state.required.filter((kept) => kept !== phrase) },
    });
  }
  const task = constraints.task;
  if (task?.value && task.source === 'refinement') {
    found.push({
      label: task.value,
      reply: `it doesn't have to be ${task.value}`,
      state: { ...state, constraints: without(constraints, 'task') },
    });
  }
  return found;
}
