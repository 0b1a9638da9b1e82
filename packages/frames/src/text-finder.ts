/**
 * @module Ctrl+F over a paper's sentences: an exact or case-insensitive substring, or a regular
 * expression written `/pattern/flags`. Matches come back in reading order with character offsets
 * into the paper's text, for highlighting and next / previous. Patterns run on RE2JS (a port of
 * RE2: linear-time matching, no backtracking), so no pattern a client sends can hang the process
 * the way `/(a+)+$/` does under JavaScript's backtracking RegExp (ReDoS).
 */
import { AppError } from '@quarry/core';
import { RE2JS } from 're2js';
import { escapeRegExp } from '@quarry/text';

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
/**
 * JavaScript syntax RE2 has no linear-time algorithm for: backreferences (`\1`, `\k<name>`) and
 * lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`). Escaped backslashes are skipped by the alternation.
 */
const backtrackingOnlySyntax = /\\\\|\\[1-9]|\\k<|\(\?<?[=!]/g;
/** JavaScript's `\uXXXX` and `\u{X…}` escapes, which RE2 writes `\x{X…}`; `\\` skipped. */
const unicodeEscape = /\\\\|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})/g;

/** A compiled `/pattern/flags` query: every non-empty match in a text, in order. */
export interface RegexPattern {
  readonly source: string;
  readonly flags: string;
  /** Offsets are JavaScript string (UTF-16) offsets, end exclusive. */
  matches(text: string): { start: number; end: number }[];
}

/**
 * A `/pattern/flags` query compiled for linear-time matching, or null when `query` is plain text.
 * Flags: i (case-insensitive, Unicode case folding), m (^ and $ at line ends), s (. matches a
 * newline); u is accepted and changes nothing, since RE2 always matches whole code points.
 */
export function parseRegexQuery(
  query: string,
  options: { maxPatternCharacters: number },
): RegexPattern | null {
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
  const unsupported = [...pattern.matchAll(backtrackingOnlySyntax)]
    .map(([found]) => found)
    .filter((found) => found !== '\\\\');
  if (unsupported.length > 0) {
    throw new AppError({
      code: 'invalid_input',
      message: `/${pattern}/ uses ${unsupported.map((found) => `"${found}"`).join(', ')}: backreferences and lookaround are not supported, because patterns run on a linear-time engine (RE2) that cannot hang the server`,
      fix: 'rewrite the pattern without backreferences or lookahead / lookbehind, or search plain text without the slashes',
    });
  }
  const compiled = compileRe2({ pattern, flags });
  return {
    source: pattern,
    flags: [...new Set(flags)].join(''),
    matches: (text) => re2Matches(compiled, text),
  };
}

function compileRe2(options: { pattern: string; flags: string }): RE2JS {
  const { flags } = options;
  const pattern = options.pattern.replace(
    unicodeEscape,
    (found, braced: string | undefined, fourDigits: string | undefined) =>
      braced === undefined && fourDigits === undefined ? found : `\\x{${braced ?? fourDigits}}`,
  );
  const flagBits =
    (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
    (flags.includes('m') ? RE2JS.MULTILINE : 0) |
    (flags.includes('s') ? RE2JS.DOTALL : 0);
  try {
    return RE2JS.compile(pattern, flagBits);
  } catch (error) {
    const detail =
      error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    throw new AppError({
      code: 'invalid_input',
      message: `not a valid regular expression: /${options.pattern}/${detail ? ` (${detail})` : ''}`,
      fix: 'check the brackets and escapes (the RE2 syntax: no backreferences or lookaround), or search plain text without the slashes',
      cause: error,
    });
  }
}

function re2Matches(pattern: RE2JS, text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const matcher = pattern.matcher(text);
  // find() steps past an empty match by itself; an empty match has nothing to highlight.
  while (matcher.find()) {
    const start = matcher.start();
    const end = matcher.end();
    if (end > start) found.push({ start, end });
  }
  return found;
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
        : regex.matches(sentence.text);
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
    return regexMatches(text, new RegExp(escapeRegExp(query), caseSensitive ? 'gu' : 'giu'));
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
