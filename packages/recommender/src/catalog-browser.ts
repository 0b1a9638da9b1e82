/**
 * @module Browsing the catalog without a query: filter by modality, task, language, year and a
 * name fragment, sort the matches (best name match, newest, most papers, or by name), page through
 * them, and count the facet values of the matches (so a filter list shows what is there). Uses the same facet inference and filters as ranking,
 * except that a facet filter lists only datasets known to have a value for it.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Dataset } from '@quarry/core';
import { analyze } from '@quarry/text';
import { datasetFacets, passesFilters, passesYear } from './dataset-filters.js';
import type { DatasetFacets, RecommendFilters } from './dataset-filters.js';

/**
 * `relevance`: the best name matches first (exact name, then names starting with the fragment,
 * then a word of the name, then anywhere in it, then only a full name or variant), ties by papers
 * using it; without a name fragment, by name. `year`: newest first. `papers`: most papers using it
 * first. `name`: A to Z. Unknown years and counts go last; ties are in name order.
 */
export const browseSorts = ['relevance', 'year', 'papers', 'name'] as const;
export type BrowseSort = (typeof browseSorts)[number];

export interface BrowseOptions {
  sort?: BrowseSort;
  filters?: RecommendFilters;
  yearMax?: number;
  /** Case-insensitive fragment of the name, full name or a variant. */
  name?: string;
  offset?: number;
  limit?: number;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface BrowseResult {
  total: number;
  datasets: Dataset[];
  facets: { modalities: FacetCount[]; tasks: FacetCount[]; languages: FacetCount[] };
}

export interface CatalogBrowser {
  browse(options?: BrowseOptions): BrowseResult;
}

/** Facet values listed per facet, most frequent first. */
export const maxFacetValues = 40;
const defaultPageSize = 24;

interface Entry {
  dataset: Dataset;
  facets: DatasetFacets;
  names: string;
  /** Place in name order. */
  position: number;
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

function sorted(matches: Entry[], sort: BrowseSort, fragment: string): Entry[] {
  const byName = (a: Entry, b: Entry) => a.position - b.position;
  switch (sort) {
    case 'name':
      return matches;
    case 'year':
      return [...matches].sort(
        (a, b) => byKnownDescending(a.dataset.year, b.dataset.year) || byName(a, b),
      );
    case 'papers':
      return [...matches].sort(
        (a, b) => byKnownDescending(a.dataset.numPapers, b.dataset.numPapers) || byName(a, b),
      );
    case 'relevance': {
      if (fragment === '') return matches;
      const ranks = new Map(
        matches.map((entry) => [entry, nameMatchRank(entry.dataset, fragment)]),
      );
      return [...matches].sort(
        (a, b) =>
          (ranks.get(a) ?? 4) - (ranks.get(b) ?? 4) ||
          byKnownDescending(a.dataset.numPapers, b.dataset.numPapers) ||
          byName(a, b),
      );
    }
  }
}

/**
 * Ranking keeps a dataset whose modality or language is unknown; browsing by a facet value lists
 * only the datasets known to have it.
 */
function documents(facets: DatasetFacets, filters: RecommendFilters): boolean {
  const wants = (value: string | undefined) => value !== undefined && value.trim() !== '';
  if (wants(filters.modality) && facets.modalities.size === 0) return false;
  if (wants(filters.language) && facets.languages.size === 0) return false;
  return true;
}

function countInto(counts: Map<string, number>, values: Iterable<string>): void {
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
}

function topCounts(counts: Map<string, number>): FacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, maxFacetValues);
}

function byName(datasets: readonly Dataset[]): Dataset[] {
  return [...datasets].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

function entryOf(dataset: Dataset, position: number): Entry {
  const text = `${dataset.description}\n${dataset.paperTitle ?? ''}`;
  return {
    position,
    dataset,
    facets: datasetFacets({ dataset, text, terms: new Set(analyze(text)) }),
    names: [dataset.name, dataset.fullName ?? '', ...dataset.variants].join('\n').toLowerCase(),
  };
}

/** Datasets read between two yields of `buildCatalogBrowser` (about 0.05 ms each). */
const datasetsPerTurn = 512;

export function createCatalogBrowser(datasets: readonly Dataset[]): CatalogBrowser {
  return browserOver(byName(datasets).map(entryOf));
}

/**
 * The same browser, built in slices that yield to the event loop in between: for a server that
 * rebuilds it while serving (several thousand datasets take a few hundred ms).
 */
export async function buildCatalogBrowser(datasets: readonly Dataset[]): Promise<CatalogBrowser> {
  const entries: Entry[] = [];
  for (const [position, dataset] of byName(datasets).entries()) {
    if (position > 0 && position % datasetsPerTurn === 0) await nextTurn();
    entries.push(entryOf(dataset, position));
  }
  return browserOver(entries);
}

function browserOver(entries: readonly Entry[]): CatalogBrowser {
  return {
    browse(options = {}) {
      const filters = options.filters ?? {};
      const fragment = options.name?.trim().toLowerCase() ?? '';
      const matches = entries.filter(
        (entry) =>
          (fragment === '' || entry.names.includes(fragment)) &&
          passesYear(entry.dataset, options.yearMax) &&
          documents(entry.facets, filters) &&
          passesFilters(entry.facets, filters),
      );
      const modalities = new Map<string, number>();
      const tasks = new Map<string, number>();
      const languages = new Map<string, number>();
      for (const { facets } of matches) {
        countInto(modalities, facets.modalities);
        countInto(tasks, facets.tasks);
        countInto(languages, facets.languages);
      }
      const offset = options.offset ?? 0;
      const limit = options.limit ?? defaultPageSize;
      return {
        total: matches.length,
        datasets: sorted(matches, options.sort ?? 'relevance', fragment)
          .slice(offset, offset + limit)
          .map((entry) => entry.dataset),
        facets: {
          modalities: topCounts(modalities),
          tasks: topCounts(tasks),
          languages: topCounts(languages),
        },
      };
    },
  };
}
