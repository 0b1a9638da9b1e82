/**
 * @module Constraint filters (modality, task, language) and the year filter. A record's declared
 * fields are used when it has them; a record without them (the DataFinder collection has none)
 * gets modalities and languages inferred from its text with the need lexicon, and a task is
 * checked against its text. A dataset about which nothing is known is kept: a filter removes
 * what contradicts the constraint, not what is merely undocumented. Declared values are stored
 * in the lexicon's canonical form ("Images" and "images" are "image"), so one modality is one
 * value wherever facets are listed or counted.
 */
import type { Dataset } from '@quarry/core';
import { analyze, tokenize } from '@quarry/text';
import { needLabelCounts, needMatches } from './need-lexicon.js';
import type { NeedCategory } from './need-lexicon.js';

export interface RecommendFilters {
  modality?: string;
  task?: string;
  language?: string;
}

/** The filterable facets, by their `RecommendFilters` key. */
export const facetNames = ['modality', 'task', 'language'] as const;
export type FacetName = (typeof facetNames)[number];

export interface DatasetFacets {
  /** Lowercase modality labels, declared or inferred. */
  modalities: ReadonlySet<string>;
  /** Lowercase language labels, declared or inferred. */
  languages: ReadonlySet<string>;
  /** Lowercase declared tasks. */
  tasks: readonly string[];
  /** Every analyzed term of the dataset's text. */
  terms: ReadonlySet<string>;
}

/**
 * A declared value in canonical form: the lexicon's label when the whole value is one need word or
 * phrase of `category` ("Images" -> "image", "Time series" -> "time series"), else the value in
 * lowercase ("Environment" -> "environment", "Thai" -> "thai").
 */
export function facetLabel(value: string, category: NeedCategory): string {
  const tokens = tokenize(value);
  const [match, ...others] = needMatches(tokens);
  const whole =
    match !== undefined && others.length === 0 && match.end - match.start === tokens.length;
  const word = whole ? match.words.find((entry) => entry.category === category) : undefined;
  return word === undefined ? value.trim().toLowerCase() : word.label.toLowerCase();
}

function labelsOf(options: {
  declared: readonly string[];
  tokens: readonly string[];
  category: NeedCategory;
}): Set<string> {
  const labels = new Set(
    options.declared
      .filter((value) => value.trim() !== '')
      .map((value) => facetLabel(value, options.category)),
  );
  if (labels.size > 0) return labels;
  for (const label of needLabelCounts({
    tokens: options.tokens,
    category: options.category,
  }).keys()) {
    labels.add(label.toLowerCase());
  }
  return labels;
}

export function datasetFacets(options: {
  dataset: Dataset;
  /** Text the facets may be inferred from (description, title). */
  text: string;
  terms: ReadonlySet<string>;
}): DatasetFacets {
  const tokens = tokenize(options.text);
  return {
    modalities: labelsOf({ declared: options.dataset.modalities, tokens, category: 'modality' }),
    languages: labelsOf({ declared: options.dataset.languages, tokens, category: 'language' }),
    tasks: [
      ...new Set(
        options.dataset.tasks
          .map((task) => task.trim().toLowerCase())
          .filter((task) => task !== ''),
      ),
    ],
    terms: options.terms,
  };
}

/** "images" -> "image", "English" -> "english": the lexicon label when the word has one. */
function requestedLabel(value: string, category: NeedCategory): string {
  for (const match of needMatches(tokenize(value))) {
    const word = match.words.find((entry) => entry.category === category);
    if (word !== undefined) return word.label.toLowerCase();
  }
  return value.trim().toLowerCase();
}

function labelMatches(labels: ReadonlySet<string>, requested: string): boolean {
  if (labels.size === 0) return true;
  for (const label of labels) {
    if (label === requested || label.includes(requested) || requested.includes(label)) return true;
  }
  return false;
}

/**
 * Whether a dataset passes one facet filter, as a predicate built once per requested value: a
 * modality or language when one of its labels is, holds or is held by the requested label (or it
 * has none); a task when a declared task holds or is held by it, or the dataset's text has every
 * term of it. Ranking and browsing (its facet counts included) use these same predicates.
 */
export function facetFilter(facet: FacetName, value: string): (facets: DatasetFacets) => boolean {
  switch (facet) {
    case 'modality': {
      const requested = requestedLabel(value, 'modality');
      return (facets) => labelMatches(facets.modalities, requested);
    }
    case 'language': {
      const requested = requestedLabel(value, 'language');
      return (facets) => labelMatches(facets.languages, requested);
    }
    case 'task': {
      const task = value.trim().toLowerCase();
      const taskTerms = analyze(task);
      return (facets) =>
        facets.tasks.some((declared) => declared.includes(task) || task.includes(declared)) ||
        (taskTerms.length > 0 && taskTerms.every((term) => facets.terms.has(term)));
    }
  }
}

export function passesFilters(facets: DatasetFacets, filters: RecommendFilters): boolean {
  for (const facet of facetNames) {
    const value = filters[facet];
    if (value !== undefined && value.trim() !== '' && !facetFilter(facet, value)(facets))
      return false;
  }
  return true;
}

/** The DataFinder year filter: introduced no later than `yearMax`; unknown years are kept. */
export function passesYear(dataset: Dataset, yearMax: number | undefined): boolean {
  return yearMax === undefined || dataset.year === null || dataset.year <= yearMax;
}
