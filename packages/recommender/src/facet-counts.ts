/**
 * @module Facet filters and counts for browsing the catalog, one rule for both: the count beside a
 * facet value is the number of datasets that choosing it would list. Each dataset's countable
 * values are found once, with the very predicates the filter uses (dataset-filters.ts), so "question
 * answering" counts every dataset the task filter keeps (a declared task holding it, or a text with
 * its terms), not only those declaring exactly that task. A facet's counts ignore that facet's own
 * filter, since choosing a value replaces it; the other filters apply.
 */
import { facetFilter, facetNames } from './dataset-filters.js';
import type { DatasetFacets, FacetName, RecommendFilters } from './dataset-filters.js';

export interface FacetCount {
  value: string;
  count: number;
}

/** Facet values listed per facet, most frequent first. */
export const maxFacetValues = 40;

/** Per facet, the values a dataset passes the filter of. */
export type PassedFacetValues = Record<FacetName, readonly string[]>;

/** The values each facet can be counted by: every label or task some dataset has, per facet. */
export interface FacetVocabulary {
  values: Record<FacetName, readonly string[]>;
  /** The filter of each value, built once. */
  predicates: Record<FacetName, readonly ((facets: DatasetFacets) => boolean)[]>;
}

function declaredValues(facets: DatasetFacets, facet: FacetName): Iterable<string> {
  switch (facet) {
    case 'modality':
      return facets.modalities;
    case 'language':
      return facets.languages;
    case 'task':
      return facets.tasks;
  }
}

export function facetVocabulary(all: Iterable<DatasetFacets>): FacetVocabulary {
  const seen: Record<FacetName, Set<string>> = {
    modality: new Set(),
    task: new Set(),
    language: new Set(),
  };
  for (const facets of all)
    for (const facet of facetNames)
      for (const value of declaredValues(facets, facet)) seen[facet].add(value);
  const values = {} as Record<FacetName, readonly string[]>;
  const predicates = {} as FacetVocabulary['predicates'];
  for (const facet of facetNames) {
    values[facet] = [...seen[facet]].sort();
    predicates[facet] = values[facet].map((value) => browseFilter(facet, value));
  }
  return { values, predicates };
}

/**
 * The browse filter of one facet value: the ranking filter, except that a modality or language
 * lists only datasets known to have one (ranking keeps a dataset about which nothing is known).
 */
export function browseFilter(facet: FacetName, value: string): (facets: DatasetFacets) => boolean {
  const passes = facetFilter(facet, value);
  switch (facet) {
    case 'modality':
      return (facets) => facets.modalities.size > 0 && passes(facets);
    case 'language':
      return (facets) => facets.languages.size > 0 && passes(facets);
    case 'task':
      return passes;
  }
}

/** The vocabulary values of each facet whose browse filter a dataset passes. */
export function passedFacetValues(
  facets: DatasetFacets,
  vocabulary: FacetVocabulary,
): PassedFacetValues {
  const passed = {} as Record<FacetName, readonly string[]>;
  for (const facet of facetNames) {
    const predicates = vocabulary.predicates[facet];
    passed[facet] = vocabulary.values[facet].filter((_, index) => predicates[index]?.(facets));
  }
  return passed;
}

/** The browse filters a request asks for (blank values ask for none). */
export function requestedFilters(
  filters: RecommendFilters,
): Partial<Record<FacetName, (facets: DatasetFacets) => boolean>> {
  const wanted: Partial<Record<FacetName, (facets: DatasetFacets) => boolean>> = {};
  for (const facet of facetNames) {
    const value = filters[facet];
    if (value !== undefined && value.trim() !== '') wanted[facet] = browseFilter(facet, value);
  }
  return wanted;
}

/** Counts in, most frequent first (ties by value), at most `maxFacetValues`. */
export function topCounts(counts: ReadonlyMap<string, number>): FacetCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, maxFacetValues);
}
