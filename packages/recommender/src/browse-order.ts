/**
 * @module The orders the catalog browser lists datasets in: best name match, newest, most used, or
 * by name; and which of them a request gets when it names none (best match for a name fragment,
 * most used without one, since with nothing to match "best match" would only be name order).
 */
import type { Dataset } from '@quarry/core';
import { popularityPriors, usageEvidence } from './popularity-prior.js';
import { defaultRecommenderSettings } from './recommender-settings.js';

/**
 * `relevance`: the best name matches first (exact name, then names starting with the fragment,
 * then a word of the name, then anywhere in it, then only a full name or variant), ties by use;
 * it needs a name fragment, and without one is `papers`. `year`: newest first. `papers`: most
 * used first (usageScores). `name`: A to Z. Unknown years go last; ties are in name order.
 */
export const browseSorts = ['relevance', 'year', 'papers', 'name'] as const;
export type BrowseSort = (typeof browseSorts)[number];

/** What ordering needs to know of a listed dataset. */
export interface OrderedEntry {
  dataset: Dataset;
  /** Place in name order. */
  position: number;
  /** Evidence of use, 0 to 1 (usageScores); higher is more used. */
  usage: number;
}

/** The order a request gets: the one it names, except best match without a name fragment. */
export function appliedSort(options: {
  sort: BrowseSort | undefined;
  fragment: string;
}): BrowseSort {
  const sort = options.sort ?? 'relevance';
  return sort === 'relevance' && options.fragment === '' ? 'papers' : sort;
}

/**
 * How much each dataset is used, 0 to 1, in input order: the recommender's popularity prior
 * (popularity-prior.ts) with its default weights, from what a catalog record holds: the number of
 * papers using it where the source gave one, and the name variants Papers with Code lists (one per
 * benchmark built on it). The shipped catalog has no paper counts (neither the DataFinder
 * collection nor the 2022 Papers with Code scrape carries one), so there the variants decide.
 */
export function usageScores(datasets: readonly Dataset[]): Float64Array {
  return popularityPriors({
    evidence: datasets.map((dataset) =>
      usageEvidence({ dataset, citingPapers: 0, usageExamples: 0 }),
    ),
    weights: defaultRecommenderSettings.prior,
  });
}

/** 0 (the name itself) to 4 (only a full name or variant holds it); lower is better. */
function nameMatchRank(dataset: Dataset, fragment: string): number {
  const name = dataset.name.toLowerCase();
  if (name === fragment) return 0;
  if (name.startsWith(fragment)) return 1;
  if (name.split(/[^a-z0-9]+/).some((word) => word.startsWith(fragment))) return 2;
  if (name.includes(fragment)) return 3;
  return 4;
}

/** Descending by a number that may be unknown (unknown last). */
function byKnownDescending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

/** `matches` (in name order) in the order `sort` asks for; `fragment` is lowercase. */
export function sortedEntries<Entry extends OrderedEntry>(options: {
  matches: readonly Entry[];
  sort: BrowseSort;
  fragment: string;
}): readonly Entry[] {
  const { matches, fragment } = options;
  const byName = (a: Entry, b: Entry) => a.position - b.position;
  const byUse = (a: Entry, b: Entry) => b.usage - a.usage || byName(a, b);
  switch (appliedSort(options)) {
    case 'name':
      return matches;
    case 'year':
      return [...matches].sort(
        (a, b) => byKnownDescending(a.dataset.year, b.dataset.year) || byName(a, b),
      );
    case 'papers':
      return [...matches].sort(byUse);
    case 'relevance': {
      const ranks = new Map(
        matches.map((entry) => [entry, nameMatchRank(entry.dataset, fragment)]),
      );
      return [...matches].sort((a, b) => (ranks.get(a) ?? 4) - (ranks.get(b) ?? 4) || byUse(a, b));
    }
  }
}
