/**
 * @module Browsing the catalog without a query: filter by modality, task, language, year and a
 * name fragment, sort the matches (browse-order.ts: best name match, newest, most used, or by
 * name), page through them, and count the facet values (facet-counts.ts: each count is what
 * choosing that value lists). Uses the same facet inference and filters as ranking, except that a
 * modality or language filter lists only datasets known to have one.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Dataset } from '@quarry/core';
import { analyze } from '@quarry/text';
import { appliedSort, sortedEntries, usageScores } from './browse-order.js';
import type { BrowseSort, OrderedEntry } from './browse-order.js';
import { datasetFacets, facetNames, passesYear } from './dataset-filters.js';
import type { DatasetFacets, FacetName, RecommendFilters } from './dataset-filters.js';
import { facetVocabulary, passedFacetValues, requestedFilters, topCounts } from './facet-counts.js';
import type { FacetCount, PassedFacetValues } from './facet-counts.js';

export interface BrowseOptions {
  /** Default: `relevance` with a name fragment, `papers` (most used) without one. */
  sort?: BrowseSort;
  filters?: RecommendFilters;
  yearMax?: number;
  /** Case-insensitive fragment of the name, full name or a variant. */
  name?: string;
  offset?: number;
  limit?: number;
}

export interface BrowseResult {
  total: number;
  /** The order the datasets are in (appliedSort: best match needs a name fragment). */
  sort: BrowseSort;
  datasets: Dataset[];
  facets: { modalities: FacetCount[]; tasks: FacetCount[]; languages: FacetCount[] };
}

export interface CatalogBrowser {
  browse(options?: BrowseOptions): BrowseResult;
}

/** A browser that may answer later (a server's catalog still building at start). */
export interface CatalogBrowsing {
  browse(options?: BrowseOptions): BrowseResult | Promise<BrowseResult>;
}

const defaultPageSize = 24;

interface Described extends OrderedEntry {
  facets: DatasetFacets;
  names: string;
}

interface Entry extends Described {
  passed: PassedFacetValues;
}

function byName(datasets: readonly Dataset[]): Dataset[] {
  return [...datasets].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

function describedOf(dataset: Dataset, position: number, usage: Float64Array): Described {
  const text = `${dataset.description}\n${dataset.paperTitle ?? ''}`;
  return {
    position,
    dataset,
    usage: usage[position] ?? 0,
    facets: datasetFacets({ dataset, text, terms: new Set(analyze(text)) }),
    names: [dataset.name, dataset.fullName ?? '', ...dataset.variants].join('\n').toLowerCase(),
  };
}

/** Datasets read between two yields of `buildCatalogBrowser` (about 0.05 ms each). */
const datasetsPerTurn = 512;

export function createCatalogBrowser(datasets: readonly Dataset[]): CatalogBrowser {
  const ordered = byName(datasets);
  const usage = usageScores(ordered);
  const described = ordered.map((dataset, position) => describedOf(dataset, position, usage));
  const vocabulary = facetVocabulary(described.map((entry) => entry.facets));
  return browserOver(
    described.map((entry) => ({ ...entry, passed: passedFacetValues(entry.facets, vocabulary) })),
  );
}

/**
 * The same browser, built in slices that yield to the event loop in between: for a server that
 * rebuilds it while serving (several thousand datasets take a few hundred ms).
 */
export async function buildCatalogBrowser(datasets: readonly Dataset[]): Promise<CatalogBrowser> {
  const ordered = byName(datasets);
  const usage = usageScores(ordered);
  const described: Described[] = [];
  for (const [position, dataset] of ordered.entries()) {
    if (position > 0 && position % datasetsPerTurn === 0) await nextTurn();
    described.push(describedOf(dataset, position, usage));
  }
  const vocabulary = facetVocabulary(described.map((entry) => entry.facets));
  const entries: Entry[] = [];
  for (const [position, entry] of described.entries()) {
    if (position > 0 && position % datasetsPerTurn === 0) await nextTurn();
    entries.push({ ...entry, passed: passedFacetValues(entry.facets, vocabulary) });
  }
  return browserOver(entries);
}

function countInto(counts: Map<string, number>, values: Iterable<string>): void {
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
}

function browserOver(entries: readonly Entry[]): CatalogBrowser {
  return {
    browse(options = {}) {
      const fragment = options.name?.trim().toLowerCase() ?? '';
      const wanted = requestedFilters(options.filters ?? {});
      const counts: Record<FacetName, Map<string, number>> = {
        modality: new Map(),
        task: new Map(),
        language: new Map(),
      };
      const matches: Entry[] = [];
      for (const entry of entries) {
        if (fragment !== '' && !entry.names.includes(fragment)) continue;
        if (!passesYear(entry.dataset, options.yearMax)) continue;
        const failed = facetNames.filter((facet) => wanted[facet]?.(entry.facets) === false);
        if (failed.length === 0) matches.push(entry);
        // A facet is counted over the datasets every other filter keeps.
        for (const facet of facetNames)
          if (failed.length === 0 || (failed.length === 1 && failed[0] === facet))
            countInto(counts[facet], entry.passed[facet]);
      }
      const offset = options.offset ?? 0;
      const limit = options.limit ?? defaultPageSize;
      const sort = appliedSort({ sort: options.sort, fragment });
      return {
        total: matches.length,
        sort,
        datasets: sortedEntries({ matches, sort, fragment })
          .slice(offset, offset + limit)
          .map((entry) => entry.dataset),
        facets: {
          modalities: topCounts(counts.modality),
          tasks: topCounts(counts.task),
          languages: topCounts(counts.language),
        },
      };
    },
  };
}
