/**
 * @module The constraint slots a dataset request can leave open (DataFinder, section 3.3: task,
 * modality, domain, language, text length), and the dialogue's view of each.
 */

export const slots = ['task', 'modality', 'domain', 'language', 'textLength'] as const;
export type Slot = (typeof slots)[number];

/** A slot's value: a string, or null when the user said they have no preference. */
export interface SlotValue {
  value: string | null;
  /**
   * Where it came from: stated in the request, answered to a clarifying question, or set by a
   * later message that refined or corrected the request.
   */
  source: 'request' | 'answer' | 'refinement';
}

export type Constraints = Partial<Record<Slot, SlotValue>>;

export const slotLabels = {
  task: 'task',
  modality: 'kind of data',
  domain: 'domain',
  language: 'language',
  textLength: 'text length',
} as const satisfies Record<Slot, string>;
