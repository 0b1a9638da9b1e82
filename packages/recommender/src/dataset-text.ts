/**
 * @module A dataset's text representation (DataFinder section 5.4: description + structured
 * information + citances): one string per BM25 field, and one passage for a dense encoder.
 */
import type { Dataset } from '@quarry/core';

export interface DatasetText {
  /** Name, variants and full name. */
  name: string;
  description: string;
  paperTitle: string;
  /** Tasks, modalities and languages. */
  structured: string;
  citances: string;
}

export function datasetText(options: {
  dataset: Dataset;
  citances: readonly string[];
}): DatasetText {
  const { dataset } = options;
  const names = [...new Set([dataset.name, ...dataset.variants, dataset.fullName ?? ''])].filter(
    (name) => name.trim() !== '',
  );
  return {
    name: names.join('; '),
    description: dataset.description,
    paperTitle: dataset.paperTitle ?? '',
    structured: [...dataset.tasks, ...dataset.modalities, ...dataset.languages].join('; '),
    citances: options.citances.join('\n'),
  };
}

/** The passage a dense encoder embeds: names, title, structured fields, then the description. */
export function densePassage(text: DatasetText): string {
  return [text.name, text.paperTitle, text.structured, text.description]
    .filter((part) => part.trim() !== '')
    .join('. ');
}
