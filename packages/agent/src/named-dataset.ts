/**
 * @module A dataset the request names ("something like ImageNet but smaller", "CIFAR-10 sized
 * images") states its task: the named dataset's first task. Names are matched as whole words and
 * with their case, and only names that cannot be ordinary words (a capital after the first
 * letter, a digit or a hyphen: "ImageNet", "CIFAR-10", "MS COCO"), so "Adult" or "Spider" at the
 * start of a sentence is not read as a dataset. Lookup is by word n-grams in a map, so the cost
 * does not grow with the catalog.
 */
import type { Dataset } from '@quarry/core';

export interface NamedDatasetFinder {
  /** The task implied by the first catalog dataset the text names, or null. */
  taskOf(text: string): string | null;
}

/** Names shorter than this are too often other things ("M4", "ETT"). */
export const minDatasetNameLength = 4;

function distinctive(name: string): boolean {
  return name.length >= minDatasetNameLength && /.\p{Lu}|\d|-/u.test(name);
}

/** Words of a text, punctuation trimmed from their edges ("(CIFAR-10)," -> "CIFAR-10"). */
function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

export function createNamedDatasetFinder(datasets: Iterable<Dataset>): NamedDatasetFinder {
  const taskByName = new Map<string, string>();
  let longest = 0;
  for (const dataset of datasets) {
    const task = dataset.tasks[0];
    if (task === undefined) continue;
    for (const name of [dataset.name, ...dataset.variants]) {
      const words = wordsOf(name);
      const key = words.join(' ');
      if (!distinctive(key) || taskByName.has(key)) continue;
      taskByName.set(key, task);
      longest = Math.max(longest, words.length);
    }
  }
  return {
    taskOf(text) {
      const words = wordsOf(text);
      for (let start = 0; start < words.length; start += 1) {
        // Longest first, so "MS COCO Captions" wins over "MS COCO".
        for (let size = Math.min(longest, words.length - start); size >= 1; size -= 1) {
          const task = taskByName.get(words.slice(start, start + size).join(' '));
          if (task !== undefined) return task;
        }
      }
      return null;
    },
  };
}
