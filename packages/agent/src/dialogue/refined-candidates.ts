/**
 * @module Candidates ordered by what the conversation refined: datasets older than a stated lower
 * year bound drop out (unknown years go last), datasets that say what the user ruled out go last,
 * and datasets that say what the refinements asked for ("MRI", "multi-hop", "egocentric") come
 * first, each group in the recommender's order; datasets not saying a required phrase ("only
 * MRI") are left out, so fewer than five may come back; a phrase of alternatives ("medical/clinical")
 * counts its best one. Sizes narrow and order too. A dataset "says" a phrase when its name, tasks,
 * kinds of data or description hold every content word of it; the words count by how rare they
 * are in the catalog, so "MRI" decides more than "images".
 */
import type { Dataset } from '@quarry/core';
import { candidateLabels } from '../candidate-facets.js';
import { analyze, isStopword, tokenize } from '@quarry/text';
import { needMatches } from '@quarry/recommender';
import type { DialogueState } from '../dialogue-state.js';
import { bySizeOrder, withinSizeBounds } from './dataset-sizes.js';
import { phraseAlternatives } from './phrase-alternatives.js';
import { ruledOutFamily } from './ruled-out-families.js';

export interface CatalogTerms {
  /**
   * The analyzed terms of a dataset's name, tasks, kinds of data, description and the title of
   * the paper that introduced it ("Total-Text: … Scene Text Detection and Recognition").
   */
  termsOf(datasetId: string): ReadonlySet<string>;
  /** How rare a term is in the catalog (inverse document frequency; 0 when unknown). */
  rarity(term: string): number;
}

/**
 * Terms and their adjacent pairs ("seri_classif"): a phrase said counts more than its words. A
 * hyphenated word is analysed as its parts and then its joined form ("competit", "program",
 * "competitiveprogram"); a part and the joined form holding it are one word, not a pair.
 */
function withBigrams(terms: readonly string[]): string[] {
  const pairs = terms.slice(1).flatMap((term, index) => {
    const before = terms[index] ?? '';
    return term.includes(before) || before.includes(term) ? [] : [`${before}_${term}`];
  });
  return [...terms, ...pairs];
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
        dataset.paperTitle ?? '',
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
/**
 * The family of a kind of data: by its whole label, else by a word of it ("speech audio",
 * "Speech" and "Audio" are all audio); a label of no family stands for itself.
 */
export function kindFamily(label: string): string {
  const lower = label.toLowerCase();
  const whole = kindFamilies[lower];
  if (whole !== undefined) return whole;
  for (const word of lower.split(/[^\p{L}]+/u)) {
    const family = kindFamilies[word];
    if (family !== undefined) return family;
  }
  return lower;
}

/** A description that calls its data real ("real-world images", "real world test images"). */
const realWorldPattern = /\breal[- ]?(?:world|life)\b/iu;

/** Each family's words as one pattern, built once. */
const familyPatterns = new WeakMap<readonly string[], RegExp>();

/** Whether `dataset`'s description says its data is real before it names any of `family`. */
function callsItsDataReal(dataset: Dataset, family: readonly string[]): boolean {
  const text = dataset.description;
  const real = realWorldPattern.exec(text)?.index;
  if (real === undefined) return false;
  let pattern = familyPatterns.get(family);
  if (pattern === undefined) {
    pattern = new RegExp(`\\b(?:${family.join('|')})`, 'iu');
    familyPatterns.set(family, pattern);
  }
  return real < (pattern.exec(text)?.index ?? Infinity);
}

/**
 * Whether `dataset` says everything `phrase` says; with `kinds` (a phrase ruled out), also whether
 * it holds only kinds of data the phrase names, and for a phrase of kinds only, only that.
 */
function says(options: {
  dataset: Dataset;
  phrase: string;
  terms: CatalogTerms;
  kinds: boolean;
}): boolean {
  const { dataset, phrase } = options;
  // "no synthetic renderings": a dataset saying any word for synthetic data, unless it calls its
  // data real first ("real world test images … compared with the synthetic data").
  const family = options.kinds ? ruledOutFamily(phrase) : null;
  if (family !== null)
    return (
      family.some((word) => says({ ...options, phrase: word, kinds: false })) &&
      !callsItsDataReal(dataset, family)
    );
  // A ruled-out domain in any of its words ("medical/clinical/healthcare").
  if (phrase.includes('/'))
    return phraseAlternatives(phrase).some((alternative) =>
      says({ ...options, phrase: alternative }),
    );
  const tokens = tokenize(phrase, { joinHyphenated: false });
  const kindMatches = needMatches(tokens).filter((match) =>
    match.words.some((word) => word.category === 'modality'),
  );
  const covered = (index: number) =>
    kindMatches.some((match) => match.start <= index && index < match.end);
  const own = options.terms.termsOf(dataset.id);
  // Words the person put together are ruled out together: "read speech" is not any corpus whose
  // description has "read" in one sentence and "speech" in another.
  const saysAll = (text: string) => {
    const wanted = withBigrams(analyze(text));
    return wanted.length > 0 && wanted.every((term) => own.has(term));
  };
  if (!options.kinds || kindMatches.length === 0) return saysAll(phrase);
  const kinds = candidateLabels(dataset, 'modality')
    .map(kindFamily)
    .filter((kind) => kind !== 'medical');
  const kindsOf = (match: (typeof kindMatches)[number]) =>
    match.words
      .filter((word) => word.category === 'modality')
      .map((word) => kindFamily(word.label));
  const ruledKinds = new Set(kindMatches.flatMap(kindsOf));
  const onlyRuledKinds = kinds.length > 0 && kinds.every((kind) => ruledKinds.has(kind));
  // A phrase of kinds of data only ("not text") rules out datasets of only those kinds, not
  // every dataset whose description mentions the word ("with text transcripts").
  if (tokens.every((token, index) => isStopword(token) || covered(index))) return onlyRuledKinds;
  // A kind of data qualified by the words before it ("read speech", "printed text") rules out
  // that sort of it only; a kind before other words ("text sentiment") rules out the kind.
  const last = tokens.findLastIndex((token) => !isStopword(token));
  if (covered(last)) return saysAll(phrase);
  return saysAll(phrase) || onlyRuledKinds;
}

/**
 * How much of a phrase a dataset says: the rarity of each word it holds, and of each pair of
 * adjacent words it holds side by side, summed, each term once. A hyphenated word counts once as
 * well: its parts (with their pairs) or its joined form ("code", "switch", "code_switch" or
 * "codeswitch"), whichever says more, so a compound does not count three times over.
 */
export function phraseSaid(options: {
  phrase: string;
  /** The dataset's terms (`CatalogTerms.termsOf`). */
  own: Pick<ReadonlySet<string>, 'has'>;
  terms: CatalogTerms;
}): number {
  const counted = new Set<string>();
  const held = (term: string | undefined): number => {
    if (term === undefined || counted.has(term) || !options.own.has(term)) return 0;
    counted.add(term);
    return options.terms.rarity(term);
  };
  const words = options.phrase
    .split(/\s+/u)
    .map((written) => {
      const terms = analyze(written);
      const isCompound = /[-\u2010]/u.test(written) && terms.length > 1;
      return isCompound
        ? { parts: terms.slice(0, -1), joined: terms[terms.length - 1] }
        : { parts: terms, joined: undefined };
    })
    .filter((word) => word.parts.length > 0);
  let said = 0;
  words.forEach((word, index) => {
    const parts = withBigrams(word.parts);
    const partsSaid = parts.filter((term) => options.own.has(term) && !counted.has(term));
    const partsScore = partsSaid.reduce((sum, term) => sum + options.terms.rarity(term), 0);
    const joinedScore =
      word.joined !== undefined && options.own.has(word.joined) && !counted.has(word.joined)
        ? options.terms.rarity(word.joined)
        : 0;
    if (joinedScore > partsScore) said += held(word.joined);
    else for (const term of partsSaid) said += held(term);
    // The catalog pairs a compound's joined form with the word after it.
    const next = words[index + 1];
    const last = word.joined ?? word.parts[word.parts.length - 1];
    if (next !== undefined) said += held(`${last}_${next.parts[0] ?? ''}`);
  });
  return said;
}

/** A set holding every term: what a phrase would score if a dataset said all of it. */
const everything: Pick<ReadonlySet<string>, 'has'> = { has: () => true };

/** How much of one phrase a dataset says, given the dataset's terms. */
type PhraseScorer = (own: Pick<ReadonlySet<string>, 'has'>) => number;

/**
 * A scorer of `phrase`: its best alternative ("medical/biomedical/clinical" counts its best one),
 * the alternatives weighing alike, each by the share of itself said times the longest's whole, so a
 * long one ("bird's-eye view") does not outrank a short one ("drone") said in full. Built once per
 * phrase, then applied to every candidate.
 */
function phraseScorer(phrase: string, terms: CatalogTerms): PhraseScorer {
  const alternatives = phraseAlternatives(phrase);
  if (alternatives.length === 1) return (own) => phraseSaid({ phrase, own, terms });
  const wholes = alternatives.map((alternative) =>
    phraseSaid({ phrase: alternative, own: everything, terms }),
  );
  const longest = Math.max(...wholes);
  return (own) =>
    Math.max(
      ...alternatives.map((alternative, index) => {
        const said = phraseSaid({ phrase: alternative, own, terms });
        const whole = wholes[index] ?? 0;
        return said > 0 && whole > 0 ? (said / whole) * longest : said;
      }),
    );
}

/**
 * How much of the focus a dataset says: each phrase's scorer, the latest refinement counting most
 * and earlier ones at half weight each step back.
 */
function focusScore(options: {
  dataset: Dataset;
  scorers: readonly PhraseScorer[];
  terms: CatalogTerms;
}): number {
  const own = options.terms.termsOf(options.dataset.id);
  return options.scorers.reduce(
    (score, scorer, index) => score + 0.5 ** (options.scorers.length - 1 - index) * scorer(own),
    0,
  );
}

export interface RefinementOrderOptions<T> {
  ranked: readonly T[];
  state: Pick<DialogueState, 'focus' | 'required' | 'excluded' | 'yearMin' | 'size'>;
  catalog: ReadonlyMap<string, Dataset>;
  terms: CatalogTerms;
  /** Candidates whose focus score reaches this share of the best come first… */
  focusShare: number;
  /** …and for a required phrase ("only MRI"), only those reaching this share of it are kept… */
  strictFocusShare: number;
  /**
   * …unless fewer than `requiredMinimum` reach it: then those reaching this share fill up to that
   * many, the best first (a long phrase is said in full by few datasets).
   */
  requiredFillShare: number;
  requiredMinimum: number;
  /**
   * A required phrase also keeps the datasets whose closeness in meaning to it reaches this share
   * of the closest one's (default: none).
   */
  requiredMeaningShare?: number;
  /**
   * Only the best this many candidates (by the recommender, which ranked with the focus words
   * too) can be moved up or kept for what they say: a dataset that merely says "news" is not a
   * recommender dataset with news in it.
   */
  focusPool: number;
  /** Of the best candidates, this many are re-ordered by size when bigger or smaller is asked. */
  sizeWindow: number;
  /** Each focus phrase's closeness in meaning to the candidates (by dataset id), when measured. */
  meaning?: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Its weight beside the share of the focus's words a candidate says (which weighs 1). */
  meaningWeight?: number;
}

/**
 * `ranked` ordered by the state's refinements, in this order: the year's lower bound, ruled-out
 * phrases, size bounds, required phrases, the focus, then bigger or smaller first.
 */
export function orderByRefinements<T extends { datasetId: string }>(
  options: RefinementOrderOptions<T>,
): T[] {
  const { state, catalog, terms } = options;
  let entries = options.ranked.flatMap((item) => {
    const dataset = catalog.get(item.datasetId);
    return dataset ? [{ item, dataset }] : [];
  });
  const yearMin = state.yearMin;
  if (yearMin !== null) {
    entries = [
      ...entries.filter(({ dataset }) => (editionYear(dataset) ?? -Infinity) >= yearMin),
      ...entries.filter(({ dataset }) => editionYear(dataset) === null),
    ];
  }
  const allowed = entries.filter(
    ({ dataset }) =>
      !state.excluded.some((phrase) => says({ dataset, phrase, terms, kinds: true })),
  );
  const ruledOut = entries.filter((entry) => !allowed.includes(entry));
  let ordered = withinSizeBounds(allowed, state.size);
  for (const phrase of state.required) {
    const scorer = phraseScorer(phrase, terms);
    const pool = ordered.slice(0, options.focusPool);
    const scored = pool.map((entry) => ({
      entry,
      score: focusScore({ dataset: entry.dataset, scorers: [scorer], terms }),
    }));
    const best = Math.max(0, ...scored.map(({ score }) => score));
    // A dataset holding every word of the phrase is kept even when another holds them side by side
    // ("handwritten lines of text" for "handwritten text").
    const alternatives = phraseAlternatives(phrase).map((alternative) => analyze(alternative));
    const holdsEvery = (datasetId: string) => {
      const own = terms.termsOf(datasetId);
      return alternatives.some((words) => words.every((term) => own.has(term)));
    };
    // A dataset as close in meaning as the closest says it in its own words ("research papers"
    // for "scientific articles").
    const meaning = options.meaning?.get(phrase);
    const bestMeaning = Math.max(0, ...pool.map((entry) => meaning?.get(entry.dataset.id) ?? 0));
    const meansIt = (datasetId: string) =>
      bestMeaning > 0 &&
      (meaning?.get(datasetId) ?? 0) >= (options.requiredMeaningShare ?? Infinity) * bestMeaning;
    if (best > 0) {
      const kept = scored.filter(
        ({ entry, score }) =>
          score >= options.strictFocusShare * best ||
          holdsEvery(entry.dataset.id) ||
          meansIt(entry.dataset.id),
      );
      // Fewer than a reply's worth say it that well: those saying a good part of it fill the reply.
      const fill = scored
        .filter((one) => !kept.includes(one) && one.score >= options.requiredFillShare * best)
        .sort((left, right) => right.score - left.score)
        .slice(0, Math.max(0, options.requiredMinimum - kept.length));
      ordered = [...kept, ...fill].map(({ entry }) => entry);
    }
  }
  if (state.focus.length > 0) {
    const focusScorers = state.focus.map((phrase) => phraseScorer(phrase, terms));
    const pool = ordered.slice(0, options.focusPool);
    const lexical = pool.map((entry) =>
      focusScore({ dataset: entry.dataset, scorers: focusScorers, terms }),
    );
    const weight = options.meaningWeight ?? 0;
    const meant = pool.map((entry) =>
      state.focus.reduce(
        (sum, phrase, index) =>
          sum +
          0.5 ** (state.focus.length - 1 - index) *
            (options.meaning?.get(phrase)?.get(entry.dataset.id) ?? 0),
        0,
      ),
    );
    const bestLexical = Math.max(0, ...lexical);
    const bestMeant = Math.max(0, ...meant);
    const scored = pool.map((entry, index) => ({
      entry,
      score:
        (bestLexical > 0 ? (lexical[index] ?? 0) / bestLexical : 0) +
        (bestMeant > 0 && weight > 0 ? (weight * (meant[index] ?? 0)) / bestMeant : 0),
    }));
    const best = Math.max(0, ...scored.map(({ score }) => score));
    const first = scored
      .filter(({ score }) => best > 0 && score >= options.focusShare * best)
      .map(({ entry }) => entry);
    ordered = [...first, ...ordered.filter((entry) => !first.includes(entry))];
  }
  ordered = bySizeOrder(ordered, state.size, options.sizeWindow);
  return [...ordered, ...(state.required.length > 0 ? [] : ruledOut)].map(({ item }) => item);
}

/**
 * The year a dataset is of: the year its name gives ("BraTS 2013", "WMT 2014": an edition is
 * named by its year, while the catalog's year is often the paper that introduced the series),
 * else the catalog's year.
 */
export function editionYear(dataset: Pick<Dataset, 'name' | 'year'>): number | null {
  const named = /(?:^|[^\d])((?:19|20)\d{2})(?!\d)/u.exec(dataset.name);
  return named?.[1] === undefined ? dataset.year : Number(named[1]);
}
