/**
 * @module The dialogue's explicit state: the request, what is known about each slot, what was asked
 * and what was shown. Plain JSON, so a conversation can be stored and resumed.
 */
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
}

export function emptyDialogueState(): DialogueState {
  return { request: '', constraints: {}, asked: [], pending: null, shown: [], yearMax: null };
}
