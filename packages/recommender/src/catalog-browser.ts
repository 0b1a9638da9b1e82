/**
 * @module Browsing the catalog without a query: filter by modality, task, language, year and a
 * name fragment, page through the matches in name order, and count the facet values of the matches
 * (so a filter list shows what is there). Uses the same facet inference and filters as ranking,
 * except that a facet filter lists only datasets known to have a value for it.
 */
import type { Dataset } from '@quarry/core';
import { analyze } from '@quarry/text';
import { datasetFacets, passesFilters, passesYear } from './dataset-filters.js';
import type { DatasetFacets, RecommendFilters } from './dataset-filters.js';

export interface BrowseOptions {
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

export function createCatalogBrowser(datasets: readonly Dataset[]): CatalogBrowser {
  const entries: Entry[] = [...datasets]
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .map((dataset) => {
      const text = `${dataset.description}\n${dataset.paperTitle ?? ''}`;
      return {
        dataset,
        facets: datasetFacets({ dataset, text, terms: new Set(analyze(text)) }),
        names: [dataset.name, dataset.fullName ?? '', ...dataset.variants].join('\n').toLowerCase(),
      };
    });

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
        datasets: matches.slice(offset, offset + limit).map((entry) => entry.dataset),
        facets: {
          modalities: topCounts(modalities),
          tasks: topCounts(tasks),
          languages: topCounts(languages),
        },
      };
    },
  };
}
