/**
 * @module A refinement or correction applied to the standing request: the slots it states replace
 * theirs (the replaced value's words are no longer searched for), the slots it drops are cleared,
 * its year bounds, ruled-out phrases and focus are added. A correction restates what was meant,
 * so its focus replaces the earlier ones. The request itself is kept: refining never restarts.
 */
import { stem, tokenize } from '@quarry/text';
import { needWordsByToken } from '@quarry/recommender';
import { extractConstraints } from '../constraint-extraction.js';
import type { DialogueState } from '../dialogue-state.js';
import { slots } from '../slots.js';
import type { Constraints, Slot } from '../slots.js';
import type { TaskTaxonomy } from '../task-taxonomy.js';
import { understandRequest } from '../understanding/understand-request.js';
import { withoutCorrectionMarker } from './message-role.js';
import { contentWords, readRefinement } from './read-refinement.js';

/** Words of `request` that signal `slot` (for a dropped domain, "medical" and "clinical"). */
function wordsSignalling(request: string, slot: Slot): string[] {
  if (slot !== 'modality' && slot !== 'language' && slot !== 'domain') return [];
  const tokens = tokenize(request, { joinHyphenated: false });
  const needs = needWordsByToken(tokens);
  return tokens.filter((_, index) => (needs[index] ?? []).some((word) => word.category === slot));
}

/** `focus` without the words that name a language ("english", "deutsch"). */
function withoutLanguageWords(focus: string): string {
  return focus
    .split(' ')
    .filter((word) => {
      const tokens = tokenize(word, { joinHyphenated: false });
      const needs = needWordsByToken(tokens);
      return !needs.some((words) => words.some((need) => need.category === 'language'));
    })
    .join(' ');
}

/** The year bounds after a refinement: a new bound that contradicts the other replaces both. */
function yearBounds(
  state: DialogueState,
  refinement: { yearMin?: number | null; yearMax?: number | null },
): { yearMin: number | null; yearMax: number | null } {
  let yearMin = refinement.yearMin === undefined ? state.yearMin : refinement.yearMin;
  let yearMax = refinement.yearMax === undefined ? state.yearMax : refinement.yearMax;
  if (yearMin !== null && yearMax !== null && yearMin > yearMax) {
    // "before 2010" then "2019 or later": the newer statement wins.
    if (refinement.yearMin !== undefined) yearMax = null;
    else yearMin = null;
  }
  return { yearMin, yearMax };
}

export function refineState(options: {
  state: DialogueState;
  message: string;
  correction: boolean;
  taxonomy: TaskTaxonomy;
}): DialogueState {
  const { state } = options;
  const message = options.correction ? withoutCorrectionMarker(options.message) : options.message;
  const understood = understandRequest(message);
  const english = understood.messageLanguage === 'en';
  const refinement = readRefinement(message);
  // Another language is read through its English concepts; English through its own words.
  const conceptWords = understood.concepts
    .filter((concept) => concept.kind !== 'language')
    .map((concept) => concept.english)
    .join(' ');
  const allConcepts = understood.concepts.map((concept) => concept.english).join(' ');
  const slotText = english ? `${refinement.positive} ${allConcepts}` : allConcepts;
  const stated: Constraints =
    slotText.trim() === ''
      ? {}
      : extractConstraints(slotText, { taxonomy: options.taxonomy, cue: understood.cue });
  // A language goes to its slot, not to the focus.
  const focusText = withoutLanguageWords(english ? refinement.focus : conceptWords);
  const constraints: Constraints = { ...state.constraints };
  const dropped = [...state.dropped, ...refinement.dropped];
  for (const slot of slots) {
    const value = stated[slot];
    if (!value) continue;
    const previous = constraints[slot]?.value;
    if (previous && previous.toLowerCase() !== value.value?.toLowerCase()) {
      // The replaced value's own words ("Spanish", "verification") are no longer searched for.
      const kept = new Set(contentWords(value.value ?? '').map((word) => stem(word)));
      dropped.push(...contentWords(previous).filter((word) => !kept.has(stem(word))));
    }
    constraints[slot] = { value: value.value, source: 'refinement' };
  }
  for (const slot of refinement.droppedSlots) {
    const previous = constraints[slot]?.value;
    if (previous) dropped.push(...contentWords(previous));
    dropped.push(...wordsSignalling(state.request, slot));
    delete constraints[slot];
  }
  // A word asked for again is searched for again.
  const focusWords = new Set(contentWords(focusText).map((word) => stem(word)));
  const focus = focusText ? [...(options.correction ? [] : state.focus), focusText] : state.focus;
  return {
    ...state,
    constraints,
    pending: null,
    focus,
    strictFocus: focusText ? refinement.strict || options.correction : state.strictFocus,
    excluded: [...new Set([...state.excluded, ...refinement.excluded])],
    dropped: [...new Set(dropped)].filter((word) => !focusWords.has(stem(word))),
    ...yearBounds(state, refinement),
    size: refinement.size === undefined ? state.size : refinement.size,
  };
}
