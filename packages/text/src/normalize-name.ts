/**
 * @module Dataset-name normalisation for matching and deduplication: "The MS-COCO  Dataset" and
 * "ms coco" become the same key.
 */

import { foldDiacritics } from './fold-diacritics.js';

/** Generic trailing words that do not tell one dataset from another. */
const trailingGenericWords = new Set([
  'dataset',
  'datasets',
  'corpus',
  'corpora',
  'benchmark',
  'benchmarks',
]);

/**
 * Lowercases `name`, folds diacritics ("Ré" -> "re"), removes apostrophes and periods
 * ("U.S." -> "us", "SQuAD 2.0" -> "squad 20"), turns all other punctuation and symbols into
 * spaces ("MS-COCO" -> "ms coco"), collapses whitespace, and drops one trailing "dataset",
 * "corpus" or "benchmark" (or its plural, or "data set") when other words remain.
 */
export function normalizeName(name: string): string {
  const words = foldDiacritics(name)
    .toLowerCase()
    .replace(/['’.]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
  const last = words.at(-1);
  const beforeLast = words.at(-2);
  if (last === 'set' || last === 'sets') {
    if (beforeLast === 'data' && words.length > 2) words.splice(-2, 2);
  } else if (last !== undefined && trailingGenericWords.has(last) && words.length > 1) {
    words.pop();
  }
  return words.join(' ');
}
