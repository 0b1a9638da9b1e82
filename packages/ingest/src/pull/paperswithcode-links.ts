/**
 * @module Joins records to stored datasets by their Papers with Code id (the slug of
 * `paperswithcode.com/dataset/<slug>`): a Papers with Code record carries it in its `url`, a
 * Hugging Face dataset card in `paperswithcode_id`. A Hub record whose card names a Papers with
 * Code dataset is merged into that dataset instead of becoming a second one, and the other way
 * round when the Hub was pulled first.
 */
import type { Dataset } from '@quarry/core';
import type { ParseResult } from '../parse/index.js';

const slugInUrl = /\/dataset\/([^/?#]+)\/?(?:[?#].*)?$/;

/** The Papers with Code id a dataset record names, lower-cased, or null. */
export function paperswithcodeIdOf(dataset: Dataset): string | null {
  const { paperswithcodeId, url } = dataset.extra;
  if (typeof paperswithcodeId === 'string' && paperswithcodeId.trim() !== '')
    return paperswithcodeId.trim().toLowerCase();
  if (typeof url === 'string') {
    const slug = slugInUrl.exec(url)?.[1];
    if (slug) return decodeURIComponent(slug).toLowerCase();
  }
  return null;
}

/** Record id -> id of the stored dataset with the same Papers with Code id (not itself). */
export function paperswithcodeLinks(options: {
  stored: Iterable<Dataset>;
  results: readonly ParseResult<Dataset>[];
}): Map<string, string> {
  const storedBySlug = new Map<string, string>();
  for (const dataset of options.stored) {
    const slug = paperswithcodeIdOf(dataset);
    if (slug !== null && !storedBySlug.has(slug)) storedBySlug.set(slug, dataset.id);
  }
  const links = new Map<string, string>();
  for (const result of options.results) {
    if (!result.ok) continue;
    const slug = paperswithcodeIdOf(result.value);
    const target = slug === null ? undefined : storedBySlug.get(slug);
    if (target !== undefined && target !== result.value.id) links.set(result.value.id, target);
  }
  return links;
}
