/**
 * @module Candidates ordered by what the conversation refined: datasets older than a stated lower
 * year bound drop out (unknown years go last), datasets that say what the user ruled out go last,
 * and datasets that say what the refinements asked for ("MRI", "multi-hop", "egocentric") come
 * first, each group in the recommender's order; with a strict focus ("only MRI") the others are
 * left out, so fewer than five may come back. A dataset "says" a phrase when its name, tasks,
 * kinds of data or description hold every content word of it; the words count by how rare they
 * are in the catalog, so "MRI" decides more than "images".
 */
import type { Dataset } from '@quarry/core';
import { candidateLabels } from '../candidate-facets.js';
import { analyze, tokenize } from '@quarry/text';
import { needMatches } from '@quarry/recommender';
import type { DialogueState } from '../dialogue-state.js';

export interface CatalogTerms {
  /** The analyzed terms of a dataset's name, tasks, kinds of data and description. */
  termsOf(datasetId: string): ReadonlySet<string>;
  /** How rare a term is in the catalog (inverse document frequency; 0 when unknown). */
  rarity(term: string): number;
}

/** Terms and their adjacent pairs ("seri_classif"): a phrase said counts more than its words. */
function withBigrams(terms: readonly string[]): string[] {
  return [...terms, ...terms.slice(1).map((term, index) => `${terms[index]}_${term}`)];
}

export function createCatalogTerms(catalog: ReadonlyMap<string, Dataset>): CatalogTerms {
  let terms: Map<string, ReadonlySet<string>> | undefined;
  let documentFrequency: Map<string, number> | undefined;
  const build = () => {
    terms = new Map();
    documentFrequency = new Map();
    for (const dataset of catalog.values()) {
      const text = [
        dataset.name,
        dataset.fullName ?? '',
        ...dataset.variants,
        ...dataset.tasks,
        ...dataset.modalities,
        ...dataset.languages,
        dataset.description,
      ].join(' . ');
      const own = new Set(withBigrams(analyze(text)));
      terms.set(dataset.id, own);
      for (const term of own) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    return { terms, documentFrequency };
  };
  return {
    termsOf(datasetId) {
      return (terms ?? build().terms).get(datasetId) ?? new Set();
    },
    rarity(term) {
      const frequencies = documentFrequency ?? build().documentFrequency;
      const frequency = frequencies.get(term);
      if (frequency === undefined) return 0;
      // A pair counts as much as its two words together.
      const parts = term.split('_');
      if (parts.length === 2)
        return parts.reduce((sum, part) => {
          const own = frequencies.get(part);
          return sum + (own === undefined ? 0 : Math.log(1 + catalog.size / own));
        }, 0);
      return Math.log(1 + catalog.size / frequency);
    },
  };
}

/** Kinds of data that count as one when a phrase rules them out ("not audio" rules out speech). */
const kindFamilies: Record<string, string> = {
  speech: 'audio',
  audio: 'audio',
  images: 'image',
  videos: 'video',
  texts: 'text',
};
const family = (label: string) => {
  const lower = label.toLowerCase();
  return kindFamilies[lower] ?? lower;
};

/** Whether `dataset` says everything `phrase` says, or holds only kinds of data it rules out. */
function says(options: {
  dataset: Dataset;
  phrase: string;
  terms: CatalogTerms;
  kinds: boolean;
}): boolean {
  const { dataset, phrase } = options;
  const wanted = analyze(phrase);
  const own = options.terms.termsOf(dataset.id);
  if (wanted.length > 0 && wanted.every((term) => own.has(term))) return true;
  if (!options.kinds) return false;
  const ruledKinds = new Set(
    needMatches(tokenize(phrase, { joinHyphenated: false }))
      .flatMap((match) => match.words)
      .filter((word) => word.category === 'modality')
      .map((word) => family(word.label)),
  );
  if (ruledKinds.size === 0) return false;
  const kinds = candidateLabels(dataset, 'modality')
    .map(family)
    .filter((kind) => kind !== 'medical');
  return kinds.length > 0 && kinds.every((kind) => ruledKinds.has(kind));
}

/** How much of the focus a dataset says: the rarity of each focus term it holds, summed. */
function focusScore(options: {
  dataset: Dataset;
  focus: readonly string[];
  terms: CatalogTerms;
}): number {
  const own = options.terms.termsOf(options.dataset.id);
  let score = 0;
  // The latest refinement counts most: earlier ones still count, at half weight each step back.
  options.focus.forEach((phrase, index) => {
    const weight = 0.5 ** (options.focus.length - 1 - index);
    for (const term of new Set(withBigrams(analyze(phrase))))
      if (own.has(term)) score += weight * options.terms.rarity(term);
  });
  return score;
}

/**
 * `ranked` ordered by the state's refinements; `unmetFocus` is true when focus words were given and
 * no candidate says any of them.
 */
export function orderByRefinements<T extends { datasetId: string }>(options: {
  ranked: readonly T[];
  state: Pick<DialogueState, 'focus' | 'strictFocus' | 'excluded' | 'yearMin' | 'size'>;
  catalog: ReadonlyMap<string, Dataset>;
  terms: CatalogTerms;
  /** Candidates whose focus score reaches this share of the best come first… */
  focusShare: number;
  /** …and with a strict focus ("only MRI"), only those reaching this share are kept. */
  strictFocusShare: number;
  /** Of the best candidates, this many are re-ordered by size when bigger or smaller is asked. */
  sizeWindow: number;
}): { ordered: T[]; unmetFocus: boolean } {
  const { ordered, unmetFocus } = orderByWords(options);
  return { ordered: bySize({ ...options, ordered }), unmetFocus };
}

/** Datasets outside the size bounds left out (unknown sizes last); bigger or smaller first. */
function bySize<T extends { datasetId: string }>(options: {
  ordered: T[];
  state: Pick<DialogueState, 'size'>;
  catalog: ReadonlyMap<string, Dataset>;
  sizeWindow: number;
}): T[] {
  const wish = options.state.size;
  if (!wish) return options.ordered;
  const sized = options.ordered.map((item) => ({
    item,
    size: sizeOf(options.catalog.get(item.datasetId)?.size ?? null),
  }));
  const within = sized.filter(
    ({ size }) =>
      size !== null &&
      (wish.min === null || size >= wish.min) &&
      (wish.max === null || size <= wish.max),
  );
  const unknown = sized.filter(({ size }) => size === null);
  let kept =
    wish.min === null && wish.max === null ? sized.filter(({ size }) => size !== null) : within;
  if (wish.order !== null) {
    const window = kept.slice(0, options.sizeWindow);
    const sign = wish.order === 'larger' ? -1 : 1;
    window.sort((left, right) => sign * ((left.size ?? 0) - (right.size ?? 0)));
    kept = [...window, ...kept.slice(options.sizeWindow)];
  }
  return [...kept, ...unknown].map(({ item }) => item);
}

/** A catalog size ("70,000 images", "over 14 million images") as a number, or null. */
export function sizeOf(size: string | null): number | null {
  const match = size ? /(\d[\d,.]*)\s*(thousand|million|billion|k|m|b)?\b/i.exec(size) : null;
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const scale: Record<string, number> = {
    thousand: 1e3,
    k: 1e3,
    million: 1e6,
    m: 1e6,
    billion: 1e9,
    b: 1e9,
  };
  return value * (match[2] ? (scale[match[2].toLowerCase()] ?? 1) : 1);
}

function orderByWords<T extends { datasetId: string }>(options: {
  ranked: readonly T[];
  state: Pick<DialogueState, 'focus' | 'strictFocus' | 'excluded' | 'yearMin'>;
  catalog: ReadonlyMap<string, Dataset>;
  terms: CatalogTerms;
  focusShare: number;
  strictFocusShare: number;
}): { ordered: T[]; unmetFocus: boolean } {
  const { state, catalog, terms } = options;
  const entries = options.ranked.flatMap((item) => {
    const dataset = catalog.get(item.datasetId);
    return dataset ? [{ item, dataset }] : [];
  });
  const yearMin = state.yearMin;
  const inYears = entries.filter(
    ({ dataset }) => yearMin === null || (dataset.year ?? 0) >= yearMin,
  );
  const unknownYear = entries.filter(({ dataset }) => yearMin !== null && dataset.year === null);
  const kept = [...inYears, ...unknownYear];
  const allowed = kept.filter(
    ({ dataset }) =>
      !state.excluded.some((phrase) => says({ dataset, phrase, terms, kinds: true })),
  );
  const ruledOut = kept.filter((entry) => !allowed.includes(entry));
  if (state.focus.length === 0)
    return { ordered: [...allowed, ...ruledOut].map(({ item }) => item), unmetFocus: false };
  const scored = allowed.map((entry) => ({
    ...entry,
    score: focusScore({ dataset: entry.dataset, focus: state.focus, terms }),
  }));
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  if (best > 0 && state.strictFocus) {
    const kept = scored.filter((entry) => entry.score >= options.strictFocusShare * best);
    return { ordered: kept.map(({ item }) => item), unmetFocus: false };
  }
  const first = scored.filter((entry) => best > 0 && entry.score >= options.focusShare * best);
  const rest = scored.filter((entry) => !first.includes(entry));
  return {
    ordered: [...first, ...rest, ...ruledOut].map(({ item }) => item),
    unmetFocus: best === 0 && state.focus.some((phrase) => analyze(phrase).length > 0),
  };
}
