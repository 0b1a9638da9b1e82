/**
 * @module Detokenizing: joins word tokens (SciREX, Penn Treebank style) into readable text and
 * records each word's character offsets, so word ranges map to character ranges.
 */

export interface WordOffset {
  /** Offset of the word's first character in `text`, inclusive. */
  start: number;
  /** Offset after the word's last character in `text`, exclusive. */
  end: number;
}

export interface DetokenizedText {
  text: string;
  /** One entry per input word, in order; an empty word gets an empty range. */
  offsets: WordOffset[];
}

type QuoteRole = 'opening' | 'closing' | 'neutral';

/** Tokens that attach to the word before them. */
const attachesLeft = new Set([
  ',',
  '.',
  ';',
  ':',
  '!',
  '?',
  '%',
  '…',
  "n't",
  'n’t',
  "'s",
  '’s',
  "'re",
  '’re',
  "'ve",
  '’ve',
  "'ll",
  '’ll',
  "'d",
  '’d',
  "'m",
  '’m',
]);
/** Tokens the next word attaches to. */
const attachesRight = new Set(['$', '#']);
/** Joiners written without spaces between two words: "Full - Resolution" -> "Full-Resolution". */
const wordJoiners = new Set(['-', '‐', '‑', '/']);
/** Penn Treebank quotes, rewritten as straight double quotes. */
const treebankQuotes = new Map([
  ['``', '"'],
  ["''", '"'],
]);
const closingStart = /^[)\]}”’»]/u;
const openingEnd = /[([{“‘«]$/u;
const wordEdge = /[\p{L}\p{N}]/u;

/**
 * Joins `words` with single spaces except where punctuation attaches: no space before
 * `, . ; : ! ? % ) ] }`, closing quotes and clitics (`n't`, `'s`); none after `( [ {` and opening
 * quotes; none around a hyphen or slash between two words. Straight quotes (`"`, `'`) alternate
 * between opening and closing. `` and '' become `"`. Offsets point into the returned text.
 */
export function detokenize(words: readonly string[]): DetokenizedText {
  const surfaces = words.map((word) => treebankQuotes.get(word) ?? word);
  const roles = quoteRoles(words);
  const pieces: string[] = [];
  const offsets: WordOffset[] = [];
  let length = 0;
  let previousIndex = -1;
  for (const [index, surface] of surfaces.entries()) {
    if (surface.length === 0) {
      offsets.push({ start: length, end: length });
      continue;
    }
    if (
      previousIndex >= 0 &&
      needsSpace(surfaces, roles, { previous: previousIndex, current: index })
    ) {
      pieces.push(' ');
      length += 1;
    }
    offsets.push({ start: length, end: length + surface.length });
    pieces.push(surface);
    length += surface.length;
    previousIndex = index;
  }
  return { text: pieces.join(''), offsets };
}

/** Straight quotes open and close in turn; typographic quotes say which they are. */
function quoteRoles(words: readonly string[]): QuoteRole[] {
  let doubleOpen = false;
  let singleOpen = false;
  return words.map((word): QuoteRole => {
    if (word === '"') {
      doubleOpen = !doubleOpen;
      return doubleOpen ? 'opening' : 'closing';
    }
    if (word === "'") {
      singleOpen = !singleOpen;
      return singleOpen ? 'opening' : 'closing';
    }
    if (word === '``' || word === '“' || word === '‘') return 'opening';
    if (word === "''" || word === '”' || word === '’') return 'closing';
    return 'neutral';
  });
}

function needsSpace(
  surfaces: readonly string[],
  roles: readonly QuoteRole[],
  pair: { previous: number; current: number },
): boolean {
  const previous = surfaces[pair.previous] ?? '';
  const current = surfaces[pair.current] ?? '';
  if (roles[pair.previous] === 'opening' || roles[pair.current] === 'closing') return false;
  if (attachesLeft.has(current) || closingStart.test(current)) return false;
  if (attachesRight.has(previous) || openingEnd.test(previous)) return false;
  if (wordJoiners.has(current)) return !joinsWords(previous, surfaces[pair.current + 1]);
  if (wordJoiners.has(previous)) {
    const beforeJoiner = surfaces[pair.previous - 1];
    // "- 0.5" after an operator or at the start is a sign: "-0.5".
    if (beforeJoiner === undefined || !endsWord(beforeJoiner)) return !/^\p{N}/u.test(current);
    return !joinsWords(beforeJoiner, current);
  }
  return true;
}

function joinsWords(before: string, after: string | undefined): boolean {
  return after !== undefined && endsWord(before) && startsWord(after);
}

function endsWord(word: string): boolean {
  return wordEdge.test(word.slice(-1)) || word.endsWith(')');
}

function startsWord(word: string): boolean {
  return wordEdge.test(word.charAt(0)) || word.startsWith('(');
}
