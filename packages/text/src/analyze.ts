/**
 * @module Text analysis for BM25: tokenize, drop stopwords, stem. Documents and queries must go
 * through the same analyzer so their terms meet.
 */

import { stem } from './stem.js';
import { englishStopwords } from './stopwords.js';
import { tokenize } from './tokenize.js';

export interface AnalyzeOptions {
  /** Tokens to drop before stemming. Default `englishStopwords`; pass an empty set to keep all. */
  stopwords?: ReadonlySet<string>;
  /** Porter-stem each token. Default true. */
  stem?: boolean;
  /** See `TokenizeOptions.joinHyphenated`. Default true. */
  joinHyphenated?: boolean;
}

/** Text in, normalised terms out. */
export type Analyzer = (text: string) => string[];

/** Terms are memoised for up to this many distinct tokens, then the memo starts over. */
const memoLimit = 200_000;

let defaultAnalyzer: Analyzer | undefined;

/**
 * Returns an analyzer with fixed options and its own memo of token -> term, so a word seen before
 * costs one map lookup, which matters when indexing tens of thousands of documents.
 */
export function createAnalyzer(options: AnalyzeOptions = {}): Analyzer {
  const stopwords = options.stopwords ?? englishStopwords;
  const shouldStem = options.stem ?? true;
  const tokenizeOptions = { joinHyphenated: options.joinHyphenated ?? true };
  // One lookup per token: the memo maps a token to its term, or to null for a stopword.
  const terms = new Map<string, string | null>();
  const termOf = (token: string): string | null => {
    if (stopwords.has(token)) return null;
    return shouldStem ? stem(token) : token;
  };
  return (text) => {
    const result: string[] = [];
    for (const token of tokenize(text, tokenizeOptions)) {
      let term = terms.get(token);
      if (term === undefined) {
        if (terms.size >= memoLimit) terms.clear();
        term = termOf(token);
        terms.set(token, term);
      }
      if (term !== null) result.push(term);
    }
    return result;
  };
}

/**
 * Normalised terms of `text`: lowercase tokens without stopwords, Porter-stemmed.
 * "The pre-trained models' accuracy" -> ["pre", "train", "pretrain", "model", "accuraci"].
 */
export function analyze(text: string, options?: AnalyzeOptions): string[] {
  if (options !== undefined) return createAnalyzer(options)(text);
  defaultAnalyzer ??= createAnalyzer();
  return defaultAnalyzer(text);
}
