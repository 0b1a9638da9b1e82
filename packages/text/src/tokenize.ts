/**
 * @module Word tokenizing for retrieval: lowercase, diacritic-folded runs of Unicode letters and
 * digits, with hyphenated compounds emitted both as parts and joined.
 */

import { foldDiacritics } from './fold-diacritics.js';

export interface TokenizeOptions {
  /**
   * Also emit a hyphenated compound joined into one token, after its parts: "pre-trained" gives
   * "pre", "trained", "pretrained", so it matches both "pre-trained" and "pretrained".
   * Default true.
   */
  joinHyphenated?: boolean;
}

const apostrophe = 0x27;
const rightSingleQuote = 0x2019;
const hyphenMinus = 0x2d;
const hyphen = 0x2010;
const nonBreakingHyphen = 0x2011;
const period = 0x2e;
const comma = 0x2c;
/** ASCII letters and digits, looked up by char code (the input is lowercased first). */
const asciiWordChars = new Uint8Array(128);
for (let code = 48; code <= 57; code++) asciiWordChars[code] = 1;
for (let code = 97; code <= 122; code++) asciiWordChars[code] = 1;
const nonAscii = /[^\u0000-\u007f]/u;
/** Sticky, so it tests one character (or surrogate pair) at `lastIndex` and advances past it. */
const unicodeWordChar = /[\p{L}\p{M}\p{N}]/uy;

/**
 * Splits `text` into lowercase word tokens. A token is a run of Unicode letters, marks and digits
 * (diacritics on Latin letters folded away); an apostrophe inside a word joins it and a final
 * possessive `'s` is dropped ("model's" -> "model", "don't" -> "dont"); `.` or `,` between digits
 * stays inside a number ("3.5", "1,000" -> "1000"). Hyphens split a compound into its parts;
 * see `TokenizeOptions.joinHyphenated`. Everything else separates tokens.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const joinHyphenated = options.joinHyphenated ?? true;
  const source = text.toLowerCase();
  const tokens: string[] = [];
  let index = 0;
  while (index < source.length) {
    const firstEnd = wordCharEnd(source, index);
    if (firstEnd < 0) {
      index++;
      continue;
    }
    // Scanned by hand, not by regex, and folded per word, not per text: this runs over every
    // document of an index build, and most words are plain ASCII.
    const compoundStart = tokens.length;
    let partStart = index;
    let needsCleaning = source.charCodeAt(index) >= 128;
    index = firstEnd;
    for (;;) {
      const code = source.charCodeAt(index);
      if (code < 128 && asciiWordChars[code] === 1) {
        index++;
        continue;
      }
      const end = code >= 128 ? wordCharEnd(source, index) : -1;
      if (end >= 0) {
        needsCleaning = true;
        index = end;
        continue;
      }
      if (!isJoiner(code) || wordCharEnd(source, index + 1) < 0) break;
      if (code === hyphenMinus || code === hyphen || code === nonBreakingHyphen) {
        pushPart(tokens, source.slice(partStart, index), needsCleaning);
        needsCleaning = source.charCodeAt(index + 1) >= 128;
        partStart = index + 1;
      } else if (code === apostrophe || code === rightSingleQuote) {
        needsCleaning = true;
      } else if (
        isAsciiDigit(source.charCodeAt(index - 1)) &&
        isAsciiDigit(source.charCodeAt(index + 1))
      ) {
        needsCleaning ||= code === comma;
      } else {
        break;
      }
      index++;
    }
    pushPart(tokens, source.slice(partStart, index), needsCleaning);
    if (joinHyphenated && tokens.length - compoundStart > 1) {
      tokens.push(tokens.slice(compoundStart).join(''));
    }
  }
  return tokens;
}

/** Index after the word character at `index`, or -1 when there is none there. */
function wordCharEnd(source: string, index: number): number {
  const code = source.charCodeAt(index);
  if (code < 128) return asciiWordChars[code] === 1 ? index + 1 : -1;
  if (Number.isNaN(code)) return -1;
  unicodeWordChar.lastIndex = index;
  return unicodeWordChar.test(source) ? unicodeWordChar.lastIndex : -1;
}

function isJoiner(code: number): boolean {
  return (
    code === hyphenMinus ||
    code === apostrophe ||
    code === period ||
    code === comma ||
    code === rightSingleQuote ||
    code === hyphen ||
    code === nonBreakingHyphen
  );
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Pushes one part of a word: drops a possessive `'s`, other apostrophes and digit commas, and
 * folds diacritics (dropping anything the folding turns into a non-word character, as "½" -> "1⁄2").
 */
function pushPart(tokens: string[], raw: string, needsCleaning: boolean): void {
  let part = raw;
  if (needsCleaning) {
    part = part.replace(/['’]s$/u, '').replace(/['’,]/gu, '');
    if (nonAscii.test(part)) {
      part = foldDiacritics(part)
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}.]/gu, '');
    }
  }
  if (part.length > 0) tokens.push(part);
}
