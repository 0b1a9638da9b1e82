/**
 * @module What a refinement that turns elsewhere leaves behind. When it names another task ("now
 * the opposite direction: singing voice synthesis" after "separating the singing voice from the
 * backing music"), the standing request described data for the old task: its words ("backing
 * music", "songs") would keep ranking the old task's datasets, so the words nothing still stands
 * for are taken back (a slot value still held, the words that signalled it, and what the new
 * message says again stay), and the old task's datasets are left out. When it asks for another
 * kind of data ("anything like that for video?" after still images), datasets only of the old
 * kind go last. Pure: words and candidates in, words and candidates out.
 */
import { analyze, stem } from '@quarry/text';
import type { Constraints } from '../slots.js';
import { slots } from '../slots.js';
import { contentWords } from './refinement-focus.js';
import { kindFamily } from './refined-candidates.js';
import { wordsSignalling } from './slot-words.js';

/** A word that names an action ("separation", "synthesis", "tracking", "assessment"). */
const actionNoun = /(?:tion|sion|sis|ing|ment|ance|ence)$/;

/** The stem of a task's last word when it names what is done, else null. */
function headOf(task: string): string | null {
  const last = contentWords(task).pop()?.toLowerCase() ?? '';
  return actionNoun.test(last) ? stem(last) : null;
}

/** Task heads that name the same kind of work ("speech recognition" is transcription). */
const sameWork: readonly (readonly string[])[] = [
  ['recognition', 'classification', 'identification', 'categorization', 'categorisation'],
  ['recognition', 'transcription'],
  ['detection', 'localization', 'localisation', 'spotting', 'grounding'],
  ['generation', 'synthesis', 'production', 'writing'],
  ['prediction', 'forecasting', 'estimation', 'regression'],
  ['retrieval', 'search', 'matching', 'ranking'],
  ['summarization', 'summarisation', 'compression'],
].map((group) => group.map((word) => stem(word)));

/** Whether a refinement's task `task` does something else than `previousTask`. */
export function changesTask(
  previousTask: string | null | undefined,
  task: string | null | undefined,
): boolean {
  if (!previousTask || !task) return false;
  const previousHead = headOf(previousTask);
  const head = headOf(task);
  return (
    previousHead !== null &&
    head !== null &&
    previousHead !== head &&
    !sameWork.some((group) => group.includes(previousHead) && group.includes(head))
  );
}

/**
 * The words of `request` to take back after a refinement replaced the task: none when the task
 * did not change to one that does something else.
 */
export function requestWordsLeftBehind(options: {
  request: string;
  previousTask: string | null | undefined;
  constraints: Constraints;
  message: string;
}): string[] {
  const { request, previousTask, constraints } = options;
  const task = constraints.task?.value;
  // Only a change of what is done ("separation" to "synthesis"), not a task said more exactly
  // ("follow-up questions" after "reading comprehension" asks for a kind of the same data).
  if (!task || !changesTask(previousTask, task)) return [];
  const stems = (words: readonly string[]) => words.map((word) => stem(word.toLowerCase()));
  const taskStems = new Set(stems(contentWords(task)));
  const kept = new Set([
    ...taskStems,
    ...stems(contentWords(options.message)),
    ...slots.flatMap((slot) => stems(contentWords(constraints[slot]?.value ?? ''))),
    ...slots
      .filter((slot) => constraints[slot] !== undefined)
      .flatMap((slot) => stems(wordsSignalling(request, slot))),
  ]);
  return contentWords(request).filter((word) => !kept.has(stem(word.toLowerCase())));
}

/** The tasks left after a refinement: `left` added, the task asked for now taken out. */
export function leftTasksAfter(
  before: readonly string[],
  left: string | null | undefined,
  constraints: Constraints,
): string[] {
  const now = constraints.task?.value?.toLowerCase();
  const tasks = left ? [...before, left] : [...before];
  return [...new Set(tasks)].filter((task) => task.toLowerCase() !== now);
}

/** The analysed stems of a task's last two words ("voic_separ"), or of its one word. */
function taskTermsOf(task: string): string {
  const terms = analyze(task);
  return terms.length < 2
    ? (terms[0] ?? '')
    : `${terms[terms.length - 2]}_${terms[terms.length - 1]}`;
}

/**
 * `ranked` without the datasets whose terms say a task left behind and not the task asked for
 * now, unless nothing else is left.
 */
export function withoutLeftTasks<T extends { datasetId: string }>(options: {
  ranked: readonly T[];
  leftTasks: readonly string[];
  task: string | null | undefined;
  termsOf: (datasetId: string) => ReadonlySet<string>;
}): T[] {
  const left = options.leftTasks.map(taskTermsOf).filter((term) => term !== '');
  if (left.length === 0) return [...options.ranked];
  const head = options.task ? (analyze(options.task).pop() ?? '') : '';
  const isLeft = (item: T) => {
    const terms = options.termsOf(item.datasetId);
    return left.some((term) => terms.has(term)) && !(head !== '' && terms.has(head));
  };
  const others = options.ranked.filter((item) => !isLeft(item));
  return others.length > 0 ? others : [...options.ranked];
}

/**
 * The kinds of data left after a refinement: the standing kind when the refinement asks for one
 * of another family ("anything like that for video?" after still images), the kind asked for now
 * taken out.
 */
export function leftKindsAfter(options: {
  before: readonly string[];
  previous: string | null | undefined;
  now: string | null | undefined;
  narrows: boolean;
}): string[] {
  const { previous, now } = options;
  const leaves = options.narrows && !!previous && !!now && kindFamily(previous) !== kindFamily(now);
  const kinds = leaves ? [...options.before, previous] : [...options.before];
  return [...new Set(kinds)].filter((kind) => !now || kindFamily(kind) !== kindFamily(now));
}

/**
 * `ranked` with the datasets whose kinds of data are all of kinds left behind, and none of the
 * kind asked for now, moved after the others (each group in its order): kinds are read from
 * descriptions too, so they are not left out. Not a ruled-out phrase ("not images",
 * refined-candidates.ts): that leaves datasets out and shows in the search line, for a kind the
 * person never ruled out (tried: two dev conversations lost where a kind was misread).
 */
export function leftKindsLast<T extends { datasetId: string }>(options: {
  ranked: readonly T[];
  leftKinds: readonly string[];
  kindsOf: (datasetId: string) => readonly string[];
}): T[] {
  const left = new Set(options.leftKinds.map(kindFamily));
  if (left.size === 0) return [...options.ranked];
  const isLeft = (item: T) => {
    const kinds = options.kindsOf(item.datasetId).map(kindFamily);
    return kinds.length > 0 && kinds.every((kind) => left.has(kind));
  };
  return [...options.ranked.filter((item) => !isLeft(item)), ...options.ranked.filter(isLeft)];
}
