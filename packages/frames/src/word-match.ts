/**
 * @module Soft word matching through general-English word vectors (the model folder's
 * `word-vectors.*`, from GloVe): how much of a question's meaning a sentence covers, word by word.
 *
 *   wordMatch(q, s) = sum over content words w of q of idf(w) * max over words v of s of sim(w, v)
 *                     / sum over w of idf(w)
 *
 * with sim = 1 for the same word or stem, else max(0, cos(w, v)). Each question word is matched
 * by its best sentence word, as in the max-sim of late-interaction retrieval (ColBERT, Khattab and
 * Zaharia 2020) and the word-centroid-free variant of Word Mover's Distance (Kusner et al. 2015):
 * "hardware" finds "GPUs", "shortcomings" finds "limitations", where a mean of word vectors
 * would blur them into the rest of the sentence. idf is log(frequency rank + 10) in the vectors'
 * source text (rows are in frequency order), so the score needs no statistics of the collection and
 * ranks alike on both search backends; a word the table lacks counts as the rarest and can only
 * match itself. The result lies in [0, 1]. Without word vectors (a model folder that has none) the
 * same score counts exact words and stems only, every word weighing the same.
 */
import type { WordVectors } from '@quarry/core';
import { isStopword, stem, tokenize } from '@quarry/text';

/** The distinct content words of a text, as the matcher reads them. */
export type ContentWords = readonly string[];

export function contentWords(text: string): ContentWords {
  const seen = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.length < 2 || isStopword(token) || !/\p{L}/u.test(token)) continue;
    seen.add(token);
  }
  return [...seen];
}

export interface WordMatcher {
  /** The question's coverage by a sentence's content words, in [0, 1]. */
  score(sentence: ContentWords): number;
}

interface QueryWord {
  text: string;
  stem: string;
  row: number | undefined;
  weight: number;
  /** sim to each sentence word seen so far (memoised: a paper repeats its words). */
  similarities: Map<string, number>;
}

const rankOffset = 10;

/** Stems of sentence words, shared by every search (a word's stem never changes); bounded. */
const stemByWord = new Map<string, string>();
const maxRememberedStems = 200_000;

function stemOf(word: string): string {
  let stemmed = stemByWord.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stemByWord.size >= maxRememberedStems) stemByWord.clear();
    stemByWord.set(word, stemmed);
  }
  return stemmed;
}

/** A matcher for one question, or null when it has no content word. */
export function createWordMatcher(options: {
  query: string;
  wordVectors: WordVectors | undefined;
}): WordMatcher | null {
  const { wordVectors } = options;
  const unknownWeight = wordVectors ? Math.log(wordVectors.size + rankOffset) : 1;
  const words: QueryWord[] = contentWords(options.query).map((text) => {
    const row = wordVectors?.rowOf(text);
    return {
      text,
      stem: stem(text),
      row,
      weight: row === undefined ? unknownWeight : Math.log(row + rankOffset),
      similarities: new Map(),
    };
  });
  const totalWeight = words.reduce((sum, word) => sum + word.weight, 0);
  if (words.length === 0 || totalWeight <= 0) return null;
  const similarity = (queryWord: QueryWord, word: string): number => {
    const known = queryWord.similarities.get(word);
    if (known !== undefined) return known;
    let value: number;
    if (word === queryWord.text || stemOf(word) === queryWord.stem) value = 1;
    else {
      const row = wordVectors?.rowOf(word);
      value =
        wordVectors === undefined || queryWord.row === undefined || row === undefined
          ? 0
          : Math.max(0, wordVectors.similarity(queryWord.row, row));
    }
    queryWord.similarities.set(word, value);
    return value;
  };
  return {
    score(sentence) {
      let sum = 0;
      for (const queryWord of words) {
        let best = 0;
        for (const word of sentence) {
          const value = similarity(queryWord, word);
          if (value > best) {
            best = value;
            if (best === 1) break;
          }
        }
        sum += queryWord.weight * best;
      }
      return sum / totalWeight;
    },
  };
}
