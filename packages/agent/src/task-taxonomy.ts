/**
 * @module The catalog's task names as a taxonomy for constraint extraction: a request states a task
 * when it contains every content word of a task name ("optical flow", "imitation learning"). Only
 * names of two or more content words are used; one-word names ("Pretraining", "Exploration") match
 * too many requests that do not ask for them.
 */
import { analyze } from '@quarry/text';

export interface TaskTaxonomy {
  /** The most specific task name the text states, or null. */
  find(text: string): string | null;
  /**
   * Whether `text` has two content words or more and its last ends a catalog task's name ("legal
   * document summarization": Text Summarization): a task phrase of the catalog's kind even when no
   * whole name is in it.
   */
  endsLikeTask(text: string): boolean;
  readonly size: number;
}

/** Content words a task name needs to be used. */
export const minTaskNameTerms = 2;

export function createTaskTaxonomy(names: Iterable<string>): TaskTaxonomy {
  const entries = new Map<string, { name: string; terms: string[] }>();
  for (const name of names) {
    const terms = [...new Set(analyze(name))];
    const key = terms.toSorted().join(' ');
    if (terms.length >= minTaskNameTerms && !entries.has(key)) entries.set(key, { name, terms });
  }
  // Most specific first: more content words win.
  const ordered = [...entries.values()].sort(
    (a, b) => b.terms.length - a.terms.length || a.name.localeCompare(b.name),
  );
  const lastTerms = new Set(ordered.map((entry) => analyze(entry.name).at(-1)));
  return {
    size: ordered.length,
    endsLikeTask(text) {
      const terms = analyze(text);
      return terms.length >= minTaskNameTerms && lastTerms.has(terms.at(-1));
    },
    find(text) {
      const present = new Set(analyze(text));
      return ordered.find((entry) => entry.terms.every((term) => present.has(term)))?.name ?? null;
    },
  };
}
