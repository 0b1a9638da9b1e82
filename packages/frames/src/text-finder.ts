/**
 * @module Ctrl+F over a paper's sentences: an exact or case-insensitive substring, or a regular
 * expression written `/pattern/flags`. Matches come back in reading order with character offsets
 * into the paper's text, for highlighting and next / previous.
 */
import { AppError } from '@quarry/core';

export interface FindableSentence {
  text: string;
  /** Offset of the sentence in the paper's text. */
  charStart: number;
}

export interface TextMatch {
  /** Position of the sentence in the list searched. */
  sentence: number;
  /** Offsets of the match in the paper's text, end exclusive. */
  charStart: number;
  charEnd: number;
  text: string;
}

export interface FindTextOptions {
  sentences: readonly FindableSentence[];
  query: string;
  /** Plain-text queries only; a `/regex/` follows its own flags. Default false. */
  caseSensitive?: boolean;
  maxMatches: number;
  maxPatternCharacters: number;
}

const regexQuery = /^\/(.+)\/([a-z]*)$/s;
const allowedFlags = new Set(['i', 'm', 's', 'u']);

/** A `/pattern/flags` query as a global RegExp, or null when `query` is plain text. */
export function parseRegexQuery(
  query: string,
  options: { maxPatternCharacters: number },
): RegExp | null {
  const match = regexQuery.exec(query.trim());
  if (match === null) return null;
  const [, pattern = '', flags = ''] = match;
  if (pattern.length > options.maxPatternCharacters) {
    throw new AppError({
      code: 'invalid_input',
      message: `the pattern is ${pattern.length} characters long, more than ${options.maxPatternCharacters}`,
      fix: 'use a shorter regular expression',
    });
  }
  const unknown = [...flags].filter((flag) => !allowedFlags.has(flag));
  if (unknown.length > 0) {
    throw new AppError({
      code: 'invalid_input',
      message: `unsupported regular expression flags "${unknown.join('')}"`,
      fix: 'use only i, m, s or u after the closing slash',
    });
  }
  try {
    return new RegExp(pattern, `${[...new Set(flags)].join('')}g`);
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: `not a valid regular expression: /${pattern}/`,
      fix: 'check the brackets and escapes, or search plain text without the slashes',
      cause: error,
    });
  }
}

/** Every match in reading order, at most `maxMatches`. */
export function findText(options: FindTextOptions): TextMatch[] {
  const query = options.query;
  if (query.trim().length === 0) return [];
  const regex = parseRegexQuery(query, options);
  const matches: TextMatch[] = [];
  for (const [position, sentence] of options.sentences.entries()) {
    const found =
      regex === null
        ? substringMatches(sentence.text, query, options.caseSensitive ?? false)
        : regexMatches(sentence.text, regex);
    for (const { start, end } of found) {
      matches.push({
        sentence: position,
        charStart: sentence.charStart + start,
        charEnd: sentence.charStart + end,
        text: sentence.text.slice(start, end),
      });
      if (matches.length >= options.maxMatches) return matches;
    }
  }
  return matches;
}

function substringMatches(
  text: string,
  query: string,
  caseSensitive: boolean,
): { start: number; end: number }[] {
  // Lowercasing can change a string's length for a few characters; then fall back to a regex.
  const haystack = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? query : query.toLowerCase();
  if (haystack.length !== text.length || needle.length !== query.length) {
    return regexMatches(text, new RegExp(escapeRegex(query), caseSensitive ? 'gu' : 'giu'));
  }
  const found: { start: number; end: number }[] = [];
  for (
    let at = haystack.indexOf(needle);
    at >= 0;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    found.push({ start: at, end: at + needle.length });
  }
  return found;
}

function regexMatches(text: string, regex: RegExp): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    // An empty match finds nothing to highlight; step past it so the loop ends.
    if (match[0].length === 0) {
      regex.lastIndex = match.index + 1;
      continue;
    }
    found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
