/**
 * @module A task named by its head alone in a refinement ("instance or semantic segmentation"
 * after "trash waste recognition") keeps what the standing task was about: trash waste
 * segmentation. Only heads that say how things are found in the data swap so; a task of another
 * sort ("summarization" after "machine reading comprehension") replaces the whole task. Pure.
 */
import { contentWords } from './refinement-focus.js';

/** Task heads that say how things are found in the data, not what is done with it. */
const perceptionHeads: ReadonlySet<string> = new Set(
  'classification recognition detection segmentation tracking localization localisation counting identification'.split(
    ' ',
  ),
);

/**
 * Words that say which sort of a head is meant, not what it is about ("instance or semantic
 * segmentation", "multi-label classification").
 */
const sortsOfHead: ReadonlySet<string> = new Set(
  'instance semantic panoptic binary dense multi-label multilabel multi-class multiclass fine-grained'.split(
    ' ',
  ),
);

/**
 * `task` with the standing task's object before its head, when both heads are perception heads
 * and the task names nothing but its head and sorts of it.
 */
export function withStandingObject(task: string, standingTask: string): string {
  const newWords = task.split(/\s+/).filter((word) => contentWords(word).length > 0);
  const standing = standingTask.split(/\s+/);
  const standingHead = standing[standing.length - 1]?.toLowerCase() ?? '';
  const head = newWords[newWords.length - 1]?.toLowerCase() ?? '';
  const bare = newWords.slice(0, -1).every((word) => sortsOfHead.has(word.toLowerCase()));
  if (newWords.length === 0 || !bare || !perceptionHeads.has(head) || standing.length < 2)
    return task;
  if (!perceptionHeads.has(standingHead)) return task;
  return [...standing.slice(0, -1), newWords[newWords.length - 1] ?? ''].join(' ');
}
