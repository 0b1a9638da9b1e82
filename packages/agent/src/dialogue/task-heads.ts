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

/** `task` with the standing task's object before it, when both are perception heads. */
export function withStandingObject(task: string, standingTask: string): string {
  const newWords = contentWords(task);
  const standing = standingTask.split(/\s+/);
  const standingHead = standing[standing.length - 1]?.toLowerCase() ?? '';
  const head = newWords[0]?.toLowerCase() ?? '';
  if (newWords.length !== 1 || !perceptionHeads.has(head) || standing.length < 2) return task;
  if (!perceptionHeads.has(standingHead)) return task;
  return [...standing.slice(0, -1), newWords[0] ?? ''].join(' ');
}
