/**
 * @module Query understanding: turns a query into weighted unigram and bigram terms. Long
 * research descriptions drift to method words ("a novel attention-based network"), which the
 * DataFinder paper's error analysis (section 5.3) names as the main failure; each word's weight
 * follows how need-like its term statistics are (term-ratios.ts), and modality, language and
 * domain words get an extra boost (need-lexicon.ts).
 */
import { englishStopwords, stem, tokenize } from '@quarry/text';
import type { Analyzer } from '@quarry/text';
import { needWordsByToken, phraseChangesWord } from './need-lexicon.js';
import type { NeedWord } from './need-lexicon.js';
import type { QueryTermWeighting } from './recommender-settings.js';
import type { TermRatio } from './term-ratios.js';

export interface WeightedQueryTerm {
  /** The query words, as text to search an index with (its analyzer gives `term`). */
  text: string;
  /** The index term. */
  term: string;
  weight: number;
  /** Slots the words signal (modality, language, domain), if any. */
  needWords: readonly NeedWord[];
}

export interface QueryTerms {
  unigrams: WeightedQueryTerm[];
  bigrams: WeightedQueryTerm[];
}

export interface QueryTermWeigher {
  /** Weight of one stemmed term, before the need-word boost. */
  termWeight(term: string): number;
  weigh(query: string): QueryTerms;
}

/** Adjacent content words, stemmed and joined with `_`: "semantic segmentation" -> "semant_segment". */
export const bigramAnalyzer: Analyzer = (text) => {
  const words = tokenize(text, { joinHyphenated: false }).filter(
    (token) => !englishStopwords.has(token),
  );
  const bigrams: string[] = [];
  for (let index = 1; index < words.length; index++) {
    bigrams.push(`${stem(words[index - 1] ?? '')}_${stem(words[index] ?? '')}`);
  }
  return bigrams;
};

export function createQueryTermWeigher(options: {
  ratios: ReadonlyMap<string, TermRatio>;
  weighting: QueryTermWeighting;
}): QueryTermWeigher {
  const { ratios, weighting } = options;
  const termWeight = (term: string): number => {
    const ratio = ratios.get(term);
    const need =
      ratio === undefined
        ? 0
        : weighting.descriptionRatioWeight * ratio.descriptionRatio +
          weighting.keyphraseRatioWeight * ratio.keyphraseRatio;
    const logistic = 1 / (1 + Math.exp(-weighting.slope * (need - weighting.center)));
    return weighting.floor + (1 - weighting.floor) * logistic;
  };
  /** A word's weight, boosted when it carries a need (as read in its phrase, needWordsByToken). */
  const wordWeight = (
    token: string,
    needWords: readonly NeedWord[],
  ): { weight: number; needWords: readonly NeedWord[] } => {
    const boost = needWords.length > 0 ? weighting.needWordBoost : 1;
    return { weight: termWeight(stem(token)) * boost, needWords };
  };
  return {
    termWeight,
    weigh(query) {
      const unigrams = new Map<string, WeightedQueryTerm>();
      const tokens = tokenize(query);
      const tokenNeeds = needWordsByToken(tokens);
      const changed = phraseChangesWord(tokens);
      for (const [index, token] of tokens.entries()) {
        if (englishStopwords.has(token)) continue;
        const term = stem(token);
        const own = wordWeight(token, tokenNeeds[index] ?? []);
        const needWords = own.needWords;
        const weight = changed[index] ? own.weight * weighting.phraseWordWeight : own.weight;
        const existing = unigrams.get(term);
        if (existing === undefined) {
          unigrams.set(term, { text: token, term, weight, needWords });
        } else {
          existing.weight += weight;
        }
      }
      const allWords = tokenize(query, { joinHyphenated: false });
      const allNeeds = needWordsByToken(allWords);
      const kept = allWords
        .map((token, index) => ({ token, needs: allNeeds[index] ?? [] }))
        .filter(({ token }) => !englishStopwords.has(token));
      const words = kept.map(({ token }) => token);
      const bigrams = new Map<string, WeightedQueryTerm>();
      for (let index = 1; index < words.length; index++) {
        const first = words[index - 1] ?? '';
        const second = words[index] ?? '';
        const term = `${stem(first)}_${stem(second)}`;
        const left = wordWeight(first, kept[index - 1]?.needs ?? []);
        const right = wordWeight(second, kept[index]?.needs ?? []);
        const weight = Math.sqrt(left.weight * right.weight);
        const existing = bigrams.get(term);
        if (existing === undefined) {
          bigrams.set(term, {
            text: `${first} ${second}`,
            term,
            weight,
            needWords: [...left.needWords, ...right.needWords],
          });
        } else {
          existing.weight += weight;
        }
      }
      return { unigrams: [...unigrams.values()], bigrams: [...bigrams.values()] };
    },
  };
}
