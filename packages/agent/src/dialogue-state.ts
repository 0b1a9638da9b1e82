/**
 * @module The dialogue's explicit state: the standing request, what is known about each slot, what
 * was asked and shown, and what the user's refinements added ("only MRI"), took back ("doesn't have
 * to be medical") or ruled out ("not roads"). Plain JSON, so a conversation can be stored and
 * resumed; a state stored before a field existed is read with that field empty.
 */
import type { SizeWish } from './dialogue/read-refinement.js';
import type { Constraints, Slot } from './slots.js';

export interface DialogueState {
  /** The research description being served, or '' before the first request. */
  request: string;
  constraints: Constraints;
  /** Slots asked about for this request, in order. */
  asked: Slot[];
  /** The slot whose answer the agent is waiting for. */
  pending: Slot | null;
  /** Dataset ids recommended for this request. */
  shown: string[];
  /** Only datasets introduced in or before this year, when the user said so. */
  yearMax: number | null;
  /** Only datasets introduced in or after this year, when the user said so. */
  yearMin: number | null;
  /** What refinements asked for in the user's words ("MRI", "multi-hop"): datasets saying so first. */
  focus: string[];
  /** Phrases every dataset shown must say ("only MRI", "multi-agent ones specifically"). */
  required: string[];
  /** Phrases the user ruled out ("roads", "read audiobooks"): datasets saying so go last. */
  excluded: string[];
  /** Bigger or smaller datasets, or bounds on their size, when the user asked. */
  size: SizeWish | null;
  /** Words of the request the user took back ("electricity", "medical"): no longer searched for. */
  dropped: string[];
  /**
   * Tasks a refinement moved away from ("singing voice separation" when synthesis is asked for
   * instead): datasets saying one and not the task asked for now go last.
   */
  leftTasks: string[];
  /**
   * Kinds of data a refinement moved away from ("Image" when video is asked for instead):
   * datasets of only such kinds go last.
   */
  leftKinds: string[];
}

export function emptyDialogueState(): DialogueState {
  return {
    request: '',
    constraints: {},
    asked: [],
    pending: null,
    shown: [],
    yearMax: null,
    yearMin: null,
    focus: [],
    required: [],
    size: null,
    excluded: [],
    dropped: [],
    leftTasks: [],
    leftKinds: [],
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const year = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

function sizeWish(value: unknown): SizeWish | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const bound = (item: unknown) => (typeof item === 'number' && item >= 0 ? item : null);
  return {
    order: stored.order === 'larger' || stored.order === 'smaller' ? stored.order : null,
    min: bound(stored.min),
    max: bound(stored.max),
  };
}

/** A stored state read back: null when it is not one; fields it predates are empty. */
export function restoreDialogueState(value: unknown): DialogueState | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  if (!('constraints' in stored) || !('asked' in stored)) return null;
  const empty = emptyDialogueState();
  return {
    request: typeof stored.request === 'string' ? stored.request : empty.request,
    constraints:
      typeof stored.constraints === 'object' && stored.constraints !== null
        ? stored.constraints
        : {},
    asked: strings(stored.asked) as Slot[],
    pending: typeof stored.pending === 'string' ? (stored.pending as Slot) : null,
    shown: strings(stored.shown),
    yearMax: year(stored.yearMax),
    yearMin: year(stored.yearMin),
    focus: strings(stored.focus),
    required: strings(stored.required),
    size: sizeWish(stored.size),
    excluded: strings(stored.excluded),
    dropped: strings(stored.dropped),
    leftTasks: strings(stored.leftTasks),
    leftKinds: strings(stored.leftKinds),
  };
}
