/**
 * @module Constraint filters (modality, task, language) and the year filter. A record's declared
 * fields are used when it has them; a record without them (the DataFinder collection has none)
 * gets modalities and languages inferred from its text with the need lexicon, and a task is
 * checked against its text. A dataset about which nothing is known is kept: a filter removes
 * what contradicts the constraint, not what is merely undocumented.
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

function labelsOf(options: {
  declared: readonly string[];
  tokens: readonly string[];
  category: NeedCategory;
}): Set<string> {
  const labels = new Set(options.declared.map((value) => value.toLowerCase()));
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
    tasks: options.dataset.tasks.map((task) => task.toLowerCase()),
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

export function passesFilters(facets: DatasetFacets, filters: RecommendFilters): boolean {
  if (filters.modality !== undefined && filters.modality.trim() !== '') {
    if (!labelMatches(facets.modalities, requestedLabel(filters.modality, 'modality')))
      return false;
  }
  if (filters.language !== undefined && filters.language.trim() !== '') {
    if (!labelMatches(facets.languages, requestedLabel(filters.language, 'language'))) return false;
  }
  if (filters.task !== undefined && filters.task.trim() !== '') {
    const task = filters.task.trim().toLowerCase();
    const declared = facets.tasks.some((value) => value.includes(task) || task.includes(value));
    const taskTerms = analyze(task);
    const inText = taskTerms.length > 0 && taskTerms.every((term) => facets.terms.has(term));
    if (!declared && !inText) return false;
  }
  return true;
}

/** The DataFinder year filter: introduced no later than `yearMax`; unknown years are kept. */
export function passesYear(dataset: Dataset, yearMax: number | undefined): boolean {
  return yearMax === undefined || dataset.year === null || dataset.year <= yearMax;
}
