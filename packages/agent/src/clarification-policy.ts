/**
 * @module The clarification policy: ask only when the answer would change the recommendations.
 * The task is asked for when the request names none (DataFinder 5.3: without task words MAP drops
 * from 23.5 to 7.5); modality, language and domain only when the request leaves them open and the
 * top candidates split along them. One question per turn, at most `maxQuestions` per request,
 * each with quick-reply options drawn from the candidates and always a way to skip.
 */
import type { Dataset } from '@quarry/core';
import { labelSplit } from './candidate-facets.js';
import type { FacetSlot } from './candidate-facets.js';
import { slots } from './slots.js';
import type { Constraints, Slot } from './slots.js';

/** When the top candidates count as split along one slot. */
export interface SplitRule {
  /** The top candidates whose labels decide. */
  pool: number;
  /** The most common label covers less than this share of the labelled candidates… */
  maxTopShare: number;
  /** …the runner-up label is carried by at least this many of them… */
  minRunnerUp: number;
  /**
   * …and at least this share of the pool has a label for the slot at all: a language is not worth
   * asking about when most candidates are images with no language.
   */
  minLabelledShare: number;
}

export interface ClarificationSettings {
  /** Questions per request, at most. */
  maxQuestions: number;
  /** Slots that may be asked about when the candidates split along them, each with its rule. */
  splitRules: Partial<Record<FacetSlot, SplitRule>>;
  /** Slots asked about whenever the request leaves them open (after the task and any split). */
  askWhenOpen: readonly Slot[];
  /** Quick-reply options per question, not counting "No preference". */
  maxOptions: number;
}

export const defaultClarificationSettings: ClarificationSettings = {
  maxQuestions: 3,
  splitRules: {
    // The kind of data is asked about as soon as the datasets about to be shown mix kinds: the
    // answer filters the other kinds out (answered-filters.ts).
    modality: { pool: 5, maxTopShare: 0.9, minRunnerUp: 1, minLabelledShare: 0.4 },
    // Languages are read from descriptions that often name a language in passing, so a language
    // is asked about only on a clear split.
    language: { pool: 8, maxTopShare: 0.6, minRunnerUp: 3, minLabelledShare: 0.5 },
  },
  // Domain labels read from descriptions are too noisy to split on; the domain is asked for only
  // through the task question's free answer. Asking for an open domain every time was measured
  // (docs/benchmarks.md): the answers did not change the rankings.
  askWhenOpen: [],
  maxOptions: 4,
};

export interface ClarifyingQuestion {
  slot: Slot;
  question: string;
  options: string[];
}

export const noPreferenceOption = 'No preference';

const genericTaskOptions = [
  'Classification',
  'Detection',
  'Segmentation',
  'Question answering',
  'Translation',
];

function taskOptions(candidates: readonly Dataset[], maxOptions: number): string[] {
  const counts = new Map<string, number>();
  for (const dataset of candidates)
    for (const task of dataset.tasks) counts.set(task, (counts.get(task) ?? 0) + 1);
  const fromCandidates = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([task]) => task);
  return [...new Set([...fromCandidates, ...genericTaskOptions])].slice(0, maxOptions);
}

const questions = {
  task: 'What should a model trained on this data do: which task (for example classification, detection, question answering)?',
  openTask:
    'What would you like to do? Tell me the task and the kind of data, for example "sentiment analysis of product reviews" or "object detection in street images".',
  modality: 'Which kind of data do you want to work with?',
  language: 'Which language should the data be in?',
  domain: 'Which domain should the data come from?',
  textLength: 'How long are the texts you need?',
  dataOfGenericTask:
    'On what kind of data, and from which domain (for example street images, CT scans, news articles)?',
} as const satisfies Record<Slot | 'openTask' | 'dataOfGenericTask', string>;

/** A task named by its kind alone, which fits any data. */
const genericTask =
  /^(?:classification|segmentation|detection|generation|prediction|regression|recognition|clustering|retrieval|tracking|estimation)$/i;

function modalityOptions(candidates: readonly Dataset[], maxOptions: number): string[] {
  const split = labelSplit(candidates.slice(0, 10), 'modality');
  return split.labels.slice(0, maxOptions).map((entry) => entry.label);
}

function splitQuestion(options: {
  slot: FacetSlot;
  rule: SplitRule;
  candidates: readonly Dataset[];
  maxOptions: number;
}): ClarifyingQuestion | null {
  const { rule } = options;
  const pool = options.candidates.slice(0, rule.pool);
  const split = labelSplit(pool, options.slot);
  const [top, runnerUp] = split.labels;
  if (!top || !runnerUp || runnerUp.count < rule.minRunnerUp) return null;
  if (split.labelled < rule.minLabelledShare * pool.length) return null;
  if (top.count / split.labelled >= rule.maxTopShare) return null;
  return {
    slot: options.slot,
    question: questions[options.slot],
    options: [
      ...split.labels.slice(0, options.maxOptions).map((entry) => entry.label),
      noPreferenceOption,
    ],
  };
}

/** The one question worth asking now, or null to recommend. */
export function nextClarifyingQuestion(options: {
  constraints: Constraints;
  asked: readonly Slot[];
  candidates: readonly Dataset[];
  settings?: ClarificationSettings;
}): ClarifyingQuestion | null {
  const settings = options.settings ?? defaultClarificationSettings;
  const { constraints, asked, candidates } = options;
  if (asked.length >= settings.maxQuestions) return null;
  const open = (slot: Slot) => constraints[slot] === undefined && !asked.includes(slot);
  if (open('task')) {
    // A request that states nothing at all (an emoji, a link, an injected command) has no
    // candidates worth offering as tasks: the options are the common kinds of task.
    const statesNothing = slots.every((slot) => constraints[slot] === undefined);
    return {
      slot: 'task',
      question: statesNothing ? questions.openTask : questions.task,
      options: [
        ...(statesNothing
          ? genericTaskOptions.slice(0, settings.maxOptions)
          : taskOptions(candidates, settings.maxOptions)),
        noPreferenceOption,
      ],
    };
  }
  // A task named in the request is specific enough to pick datasets: nothing more is asked,
  // unless it is a bare kind of task ("segmentation", "clasificación") with nothing said about
  // the data: segmentation of what is the question that decides the datasets.
  if (constraints.task?.source === 'request') {
    const bare =
      genericTask.test((constraints.task.value ?? '').trim()) &&
      constraints.modality === undefined &&
      constraints.domain === undefined;
    if (!bare || !open('modality')) return null;
    return {
      slot: 'modality',
      question: questions.dataOfGenericTask,
      options: [...modalityOptions(candidates, settings.maxOptions), noPreferenceOption],
    };
  }
  for (const [slot, rule] of Object.entries(settings.splitRules) as [FacetSlot, SplitRule][]) {
    if (!open(slot)) continue;
    const question = splitQuestion({ slot, rule, candidates, maxOptions: settings.maxOptions });
    if (question) return question;
  }
  const openSlot = settings.askWhenOpen.find(open);
  if (openSlot)
    return { slot: openSlot, question: questions[openSlot], options: [noPreferenceOption] };
  return null;
}
