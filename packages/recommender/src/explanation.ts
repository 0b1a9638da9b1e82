/**
 * @module Why a dataset was recommended: the query words it matched (strongest first), the
 * modality, language and domain labels both sides share, the record's tasks that share words with
 * the query, whether the query named it, and the citing sentence that best matches the query.
 * Everything quoted is text from the dataset's own record or citances.
 */
import type { Dataset } from '@quarry/core';
import { analyze } from '@quarry/text';
import type { DatasetFacets } from './dataset-filters.js';
import type { NeedCategory, NeedWord } from './need-lexicon.js';
import type { WeightedQueryTerm } from './query-terms.js';

export interface RecommendationExplanation {
  /** Query words found in the dataset's text, highest query weight first. */
  matchedWords: string[];
  modalities: string[];
  languages: string[];
  domains: string[];
  /** The record's own tasks that share a word with the query. */
  tasks: string[];
  /** The query names this dataset (or a variant). */
  mentioned: boolean;
  /** A sentence from a paper using the dataset, the one sharing most query weight; or null. */
  citance: string | null;
  /** All of the above in one line. */
  summary: string;
}

export interface ExplainOptions {
  dataset: Dataset;
  /** The dataset's kinds of data and languages (lowercase): a label it lacks is not claimed. */
  facets?: Pick<DatasetFacets, 'modalities' | 'languages'>;
  terms: ReadonlySet<string>;
  unigrams: readonly WeightedQueryTerm[];
  citances: readonly string[];
  mentioned: boolean;
  maxWords: number;
  maxCitanceChars: number;
}

function truncate(text: string, maxChars: number): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  return clean.length <= maxChars ? clean : `${clean.slice(0, maxChars - 1).trimEnd()}…`;
}

/**
 * Words a match on says nothing about why a dataset fits: every request for data says "data", and
 * two-letter words are function words in some language ("de", "en").
 */
const uninformativeWords = new Set(
  'data dataset datasets database corpus corpora benchmark benchmarks model models method methods approach approaches task tasks train training trained paper papers work new novel use using used want need based large small set sets study'.split(
    ' ',
  ),
);

function isInformative(word: string): boolean {
  return word.length >= 3 && !uninformativeWords.has(word.toLowerCase());
}

export function explainRecommendation(options: ExplainOptions): RecommendationExplanation {
  const matched = options.unigrams
    .filter((unigram) => options.terms.has(unigram.term))
    .sort((left, right) => right.weight - left.weight);
  const evidence = matched.filter((unigram) => isInformative(unigram.text));
  const labels: Record<NeedCategory, Set<string>> = {
    modality: new Set(),
    language: new Set(),
    domain: new Set(),
  };
  const own = (word: NeedWord): boolean => {
    const known =
      word.category === 'modality'
        ? options.facets?.modalities
        : word.category === 'language'
          ? options.facets?.languages
          : undefined;
    if (!known || known.size === 0) return true;
    const label = word.label.toLowerCase();
    return [...known].some((value) => value.startsWith(label) || label.startsWith(value));
  };
  for (const unigram of matched) {
    for (const word of unigram.needWords) if (own(word)) labels[word.category].add(word.label);
  }
  const queryTerms = new Map(options.unigrams.map((unigram) => [unigram.term, unigram.weight]));
  const tasks = options.dataset.tasks.filter((task) =>
    analyze(task).some((term) => queryTerms.has(term)),
  );
  let citance: string | null = null;
  let bestOverlap = 0;
  for (const sentence of options.citances) {
    let overlap = 0;
    for (const term of new Set(analyze(sentence))) overlap += queryTerms.get(term) ?? 0;
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      citance = sentence;
    }
  }
  const explanation = {
    matchedWords: evidence.slice(0, options.maxWords).map((unigram) => unigram.text),
    modalities: [...labels.modality],
    languages: [...labels.language],
    domains: [...labels.domain],
    tasks,
    mentioned: options.mentioned,
    citance: citance === null ? null : truncate(citance, options.maxCitanceChars),
  };
  return { ...explanation, summary: summarize(explanation) };
}

function summarize(explanation: Omit<RecommendationExplanation, 'summary'>): string {
  const parts: string[] = [];
  if (explanation.mentioned) parts.push('named in the query');
  if (explanation.tasks.length > 0) parts.push(`tasks: ${explanation.tasks.join(', ')}`);
  if (explanation.modalities.length > 0) {
    parts.push(`modality: ${explanation.modalities.join(', ')}`);
  }
  if (explanation.languages.length > 0) {
    parts.push(`language: ${explanation.languages.join(', ')}`);
  }
  if (explanation.domains.length > 0) parts.push(`domain: ${explanation.domains.join(', ')}`);
  if (explanation.matchedWords.length > 0) {
    parts.push(`matches ${explanation.matchedWords.map((word) => `"${word}"`).join(', ')}`);
  }
  if (explanation.citance !== null) parts.push(`used as: "${explanation.citance}"`);
  return parts.length > 0
    ? parts.join('; ')
    : 'popular dataset with no word in common with the query';
}
