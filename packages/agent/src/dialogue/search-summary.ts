/**
 * @module The standing request in one line, so the user sees what the agent now searches for
 * ("Medical Image Segmentation · MRI · from 2019 on · not roads"): the task (else the request's
 * opening words), the focus of each refinement, the stated kind of data, language and domain
 * when the task does not already say them, the year bounds, what was ruled out and the tasks
 * turned from.
 */
import type { DialogueState } from '../dialogue-state.js';
import { licenceLabel } from './licence-wish.js';

/** Characters of the request shown when no task names it. */
const requestChars = 80;

function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export function describeSearch(state: DialogueState): string {
  const { constraints } = state;
  const task = constraints.task?.value ?? null;
  const parts: string[] = [
    task ?? shorten(state.request.replace(/\s*\([^)]*\)\s*$/, ''), requestChars),
  ];
  const said = parts.join(' ').toLowerCase();
  // A phrase of alternatives ("medical/biomedical/clinical") is shown by its first.
  for (const phrase of state.focus) {
    const focus = licenceLabel(phrase) ?? phrase.replace(/\/\S+/g, '').replace(/ \| /g, ' or ');
    if (!said.includes(focus.toLowerCase())) parts.push(focus);
  }
  for (const slot of ['modality', 'domain'] as const) {
    const value = constraints[slot]?.value;
    if (value && !parts.join(' ').toLowerCase().includes(value.toLowerCase().replace(/s$/, '')))
      parts.push(value.toLowerCase());
  }
  const language = constraints.language?.value;
  if (language) parts.push(`in ${language}`);
  if (state.yearMin !== null && state.yearMax !== null)
    parts.push(`from ${state.yearMin} to ${state.yearMax}`);
  else if (state.yearMin !== null) parts.push(`from ${state.yearMin} on`);
  else if (state.yearMax !== null) parts.push(`up to ${state.yearMax}`);
  if (state.size?.order) parts.push(`${state.size.order} datasets first`);
  if (state.size?.min != null)
    parts.push(`at least ${state.size.min.toLocaleString('en')} examples`);
  if (state.size?.max != null)
    parts.push(`at most ${state.size.max.toLocaleString('en')} examples`);
  const excluded = state.excluded.map((phrase) => licenceLabel(phrase) ?? phrase);
  if (excluded.length > 0) parts.push(`not ${excluded.join(', not ')}`);
  // The tasks a refinement turned from, whose datasets are left out (request-left-behind.ts).
  if (state.leftTasks.length > 0) parts.push(`instead of ${state.leftTasks.join(', ')}`);
  return parts.filter((part) => part.trim() !== '').join(' · ');
}
