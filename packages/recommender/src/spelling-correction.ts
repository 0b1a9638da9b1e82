/**
 * @module Misspellings corrected before ranking: a word that neither the catalog nor the encoder's
 * word vectors know ("datset", "detecton", "vidoes", "nedd") is replaced by the catalog word one
 * or two edits away (insert, delete, substitute, swap two neighbours) that the catalog uses most;
 * a run of words written without a space is split into a phrase the catalog writes ("moviereviews"
 * is "movie reviews"). First letters, word forms ("recognizer") and names with capitals inside
 * ("cGAN") are left alone. Without word vectors
 * only the catalog's vocabulary says what a word is, which is too little to tell a typo from a
 * rare name, so nothing is corrected then.
 */
import type { WordVectors } from '@quarry/core';
import { escapeRegExp, isStopword, stem, tokenize } from '@quarry/text';

export interface SpellingCorrection {
  from: string;
  to: string;
}

export interface SpellingCorrector {
  /** `text` with its misspelled words corrected, and what was changed. */
  correct(text: string): { text: string; corrections: SpellingCorrection[] };
}

export interface SpellingSettings {
  /** Shortest word that is corrected. */
  minWordLength: number;
  /** Words at least this long may be two edits from their correction; shorter ones one. */
  twoEditLength: number;
  /** A word-vector row at or below this rank is a known English word. */
  knownWordRank: number;
  /** Shortest part of a split run of words. */
  minSplitPart: number;
}

export const defaultSpellingSettings: SpellingSettings = {
  minWordLength: 4,
  twoEditLength: 10,
  knownWordRank: 150_000,
  minSplitPart: 3,
};

/** Words requests use that a catalog's prose may lack. */
const requestWords =
  'need want looking dataset datasets data corpus corpora benchmark benchmarks recommend please find train training model models detection recognition classification segmentation translation generation question answering videos images speech audio text';

/** Damerau–Levenshtein distance (adjacent swaps count once), or `limit + 1` when it is larger. */
export function editDistance(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row < rows; row++) {
    let best = Infinity;
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(
        (table[row - 1]?.[column] ?? 0) + 1,
        (table[row]?.[column - 1] ?? 0) + 1,
        (table[row - 1]?.[column - 1] ?? 0) + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      )
        value = Math.min(value, (table[row - 2]?.[column - 2] ?? 0) + 1);
      (table[row] ?? [])[column] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return table[left.length]?.[right.length] ?? limit + 1;
}

/** Endings that make a word form of a known word ("recognizer", "convnets"), not a typo. */
const wordEndings = ['s', 'es', 'r', 'er', 'ers', 'd', 'ed', 'ing', 'ly', 'y', 'al'];

function isWordForm(word: string, known: string): boolean {
  return (
    stem(word) === stem(known) ||
    (word.startsWith(known) && wordEndings.includes(word.slice(known.length))) ||
    (known.startsWith(word) && wordEndings.includes(known.slice(word.length)))
  );
}

export function createSpellingCorrector(options: {
  /** Texts whose words are the vocabulary corrections are drawn from (the catalog's). */
  texts: Iterable<string>;
  wordVectors?: WordVectors;
  settings?: Partial<SpellingSettings>;
}): SpellingCorrector {
  const settings = { ...defaultSpellingSettings, ...options.settings };
  const counts = new Map<string, number>();
  const pairs = new Set<string>();
  const count = (text: string) => {
    const tokens = tokenize(text, { joinHyphenated: false });
    tokens.forEach((token, index) => {
      if (/^\p{L}+$/u.test(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
      if (index > 0) pairs.add(`${tokens[index - 1] ?? ''} ${token}`);
    });
  };
  for (const text of options.texts) count(text);
  count(requestWords);
  const byLength = new Map<number, string[]>();
  for (const word of counts.keys()) {
    if (word.length < settings.minWordLength - 1) continue;
    byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  }
  const { wordVectors } = options;
  const known = (word: string): boolean => {
    if (counts.has(word) || isStopword(word)) return true;
    const row = wordVectors?.rowOf(word);
    return row !== undefined && row < settings.knownWordRank;
  };

  const closest = (word: string): string | null => {
    const limit = word.length >= settings.twoEditLength ? 2 : 1;
    let best: { word: string; distance: number; count: number } | null = null;
    for (let length = word.length - limit; length <= word.length + limit; length++) {
      for (const candidate of byLength.get(length) ?? []) {
        // Typos rarely touch the first letter; a known word plus an ending is a word form.
        if (candidate[0] !== word[0] || isWordForm(word, candidate)) continue;
        const distance = editDistance(word, candidate, limit);
        if (distance > limit) continue;
        const candidateCount = counts.get(candidate) ?? 0;
        if (
          !best ||
          distance < best.distance ||
          (distance === best.distance && candidateCount > best.count)
        )
          best = { word: candidate, distance, count: candidateCount };
      }
    }
    return best?.word ?? null;
  };

  const split = (word: string): string | null => {
    let best: { parts: string; shortest: number } | null = null;
    for (let at = settings.minSplitPart; at <= word.length - settings.minSplitPart; at++) {
      const left = word.slice(0, at);
      const right = word.slice(at);
      // Only into a phrase the catalog writes ("movie reviews"), never into any two words.
      if (!pairs.has(`${left} ${right}`)) continue;
      const shortest = Math.min(left.length, right.length);
      if (!best || shortest > best.shortest) best = { parts: `${left} ${right}`, shortest };
    }
    return best?.parts ?? null;
  };

  return {
    correct(text) {
      if (!wordVectors) return { text, corrections: [] };
      const corrections: SpellingCorrection[] = [];
      const seen = new Set<string>();
      // In text that is not all capitals, a word with capitals inside is a name ("cGAN", "CRFs").
      const shouting = text === text.toUpperCase();
      for (const [surface] of text.matchAll(/\p{L}+/gu)) {
        const token = surface.toLowerCase();
        if (seen.has(token)) continue;
        seen.add(token);
        if (token.length < settings.minWordLength || !/^\p{Script=Latin}+$/u.test(token)) continue;
        if (!shouting && /\p{Lu}/u.test(surface.slice(1))) continue;
        if (known(token)) continue;
        const to = closest(token) ?? split(token);
        if (to !== null && to !== token) corrections.push({ from: token, to });
      }
      let corrected = text;
      for (const { from, to } of corrections)
        corrected = corrected.replace(
          new RegExp(`(?<!\\p{L})${escapeRegExp(from)}(?!\\p{L})`, 'giu'),
          to,
        );
      return { text: corrected, corrections };
    },
  };
}
