/**
 * @module Sentence splitting with character offsets, tuned for scientific prose: abbreviations
 * ("et al.", "Fig. 3", "e.g."), initials, decimals, URLs, ellipses, closing quotes and citation
 * brackets after the period, numbered lists, and blank lines as paragraph breaks.
 */

import {
  ambiguousAbbreviations,
  commonSentenceOpeners,
  labelledThings,
  nonTerminalAbbreviations,
  numberAbbreviations,
  terminalAbbreviations,
} from './sentence-abbreviations.js';

export interface SentenceSpan {
  text: string;
  /** Offset of the first character in the input, inclusive. */
  start: number;
  /** Offset after the last character in the input, exclusive. */
  end: number;
}

interface TerminatorMatch {
  start: number;
  end: number;
}

type PeriodVerdict = 'boundary' | 'not-boundary' | 'undecided';

const closingMarks = new Set(['"', "'", '”', '’', '»', '›', ')', ']', '}']);
const openingMarks = new Set(['"', "'", '“', '‘', '«', '‹', '(', '[', '{']);
/** Longest word looked at behind a period; every abbreviation of interest is shorter. */
const longestAbbreviation = 12;
/** Longest bracket group read as a citation ("[12]", "[3, 7-9]", "[Smith et al., 2019]"). */
const longestCitation = 80;
const initialsPattern = /^(?:\p{Lu}\.)*\p{Lu}$/u;
const listMarkerPattern = /^\d{1,2}$/;

/**
 * Splits `text` into trimmed sentences; `text.slice(start, end) === span.text` for every span.
 *
 * A sentence ends at `.`, `!`, `?` or an ellipsis (with any closing quotes or brackets, and any
 * citation brackets right after it) when whitespace and a likely sentence opener follow, and at
 * every blank line. A single newline is a line wrap, not a boundary.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  // One pass over candidate terminators; everything else is skipped by the regex engine.
  const candidates = /\. \. \.|[.!?…]+|\n[^\S\n]*\n/g;
  let sentenceStart = 0;
  for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
    const terminator = { start: match.index, end: match.index + match[0].length };
    const end = match[0].startsWith('\n')
      ? terminator.start
      : findSentenceEnd(text, terminator, sentenceStart);
    if (end < 0) continue;
    const span = trimmedSpan(text, sentenceStart, end);
    if (span !== null) spans.push(span);
    sentenceStart = end;
    if (end > candidates.lastIndex) candidates.lastIndex = end;
  }
  const last = trimmedSpan(text, sentenceStart, text.length);
  if (last !== null) spans.push(last);
  return spans;
}

/** The offset where the sentence ends if `terminator` ends one, or -1. */
function findSentenceEnd(text: string, terminator: TerminatorMatch, sentenceStart: number): number {
  let end = terminator.end;
  while (end < text.length && closingMarks.has(text.charAt(end))) end++;
  if (end === text.length) return end;
  // "3.5", "e.g.,", "example.com": a boundary needs whitespace after it.
  if (!isWhitespace(text.charCodeAt(end))) return -1;
  const next = skipWhitespace(text, end);
  if (next === text.length) return end;

  if (terminator.end - terminator.start === 1 && text.charAt(terminator.start) === '.') {
    const verdict = judgeWordBeforePeriod(text, terminator.start, { next, sentenceStart });
    if (verdict === 'boundary') return end;
    if (verdict === 'not-boundary') return -1;
  }

  const citationEnd = skipCitations(text, next);
  if (citationEnd > 0) {
    if (citationEnd === text.length) return citationEnd;
    // "models. [12], [13]." keeps the citation in the sentence; the later period decides.
    if (!isWhitespace(text.charCodeAt(citationEnd))) return -1;
    const following = skipWhitespace(text, citationEnd);
    if (following === text.length || startsSentence(text, following)) return citationEnd;
    // "models. [12] showed that ...": the citation opens the next sentence.
    return end;
  }
  return startsSentence(text, next) ? end : -1;
}

/** Decides a single period from the word before it: abbreviations, initials, list markers. */
function judgeWordBeforePeriod(
  text: string,
  periodIndex: number,
  context: { next: number; sentenceStart: number },
): PeriodVerdict {
  const wordStart = findWordStart(text, periodIndex, context.sentenceStart);
  if (wordStart === periodIndex || periodIndex - wordStart > longestAbbreviation) {
    return 'undecided';
  }
  const word = text.slice(wordStart, periodIndex);
  const lowered = word.toLowerCase();
  if (nonTerminalAbbreviations.has(lowered)) return 'not-boundary';
  const nextKind = charKind(text.charAt(context.next));
  if (numberAbbreviations.has(lowered)) return nextKind === 'digit' ? 'not-boundary' : 'undecided';
  if (terminalAbbreviations.has(lowered)) return nextKind === 'upper' ? 'boundary' : 'not-boundary';
  if (ambiguousAbbreviations.has(lowered) || initialsPattern.test(word)) {
    if (word.length === 1 && nextKind === 'upper' && isLabelOfThing(text, wordStart)) {
      return 'boundary';
    }
    return startsWithCommonOpener(text, context.next) ? 'boundary' : 'not-boundary';
  }
  if (listMarkerPattern.test(word) && opensLine(text, wordStart, context.sentenceStart)) {
    return 'not-boundary';
  }
  return 'undecided';
}

/** Whether the word before `wordStart` names what a one-letter label labels ("Appendix B"). */
function isLabelOfThing(text: string, wordStart: number): boolean {
  const before = /(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, wordStart - 16), wordStart));
  return before?.[1] !== undefined && labelledThings.has(before[1].toLowerCase());
}

/** Start of the word that ends at `end`, not looking past the sentence start or far back. */
function findWordStart(text: string, end: number, sentenceStart: number): number {
  const limit = Math.max(sentenceStart, end - longestAbbreviation - 1);
  let index = end;
  while (index > limit) {
    const previous = text.charAt(index - 1);
    if (isWhitespace(previous.charCodeAt(0)) || openingMarks.has(previous)) break;
    index--;
  }
  return index;
}

/** True when only spaces, a line break or a colon precede `index` in its sentence ("1. Load"). */
function opensLine(text: string, index: number, sentenceStart: number): boolean {
  let cursor = index - 1;
  while (cursor >= sentenceStart) {
    const code = text.charCodeAt(cursor);
    if (code === 10 || code === 58) return true;
    if (!isWhitespace(code)) return false;
    cursor--;
  }
  return true;
}

/** Offset after a run of citation brackets starting at `index` ("[12]", "[3] [4]"), or -1. */
function skipCitations(text: string, index: number): number {
  let end = -1;
  let cursor = index;
  while (text.charAt(cursor) === '[') {
    const close = findCitationClose(text, cursor);
    if (close < 0) break;
    end = close + 1;
    cursor = end;
    while (text.charAt(cursor) === ' ' || text.charAt(cursor) === ',') cursor++;
  }
  return end;
}

function findCitationClose(text: string, open: number): number {
  const limit = Math.min(text.length, open + longestCitation);
  for (let index = open + 1; index < limit; index++) {
    const char = text.charAt(index);
    if (char === ']') return index;
    if (char === '[' || char === '\n') return -1;
  }
  return -1;
}

/** An item marker in brackets and what follows it: "(ii) Although", "(b) The", "(3) We". */
const bracketedItemMarker = /^\((?:[ivx]{1,4}|[a-h]|\d{1,2})\)\s+(\S)/u;

/**
 * Whether the text at `index` looks like the start of a sentence: anything but a lowercase word,
 * or an item marker in brackets before one ("… our solutions. (ii) Although the loss …").
 */
function startsSentence(text: string, index: number): boolean {
  const item = bracketedItemMarker.exec(text.slice(index, index + 12));
  if (item?.[1] !== undefined && charKind(item[1]) !== 'lower') return true;
  let cursor = index;
  while (cursor < text.length && cursor - index < 3 && openingMarks.has(text.charAt(cursor))) {
    cursor++;
  }
  if (cursor === text.length) return true;
  return charKind(text.charAt(cursor)) !== 'lower';
}

function startsWithCommonOpener(text: string, index: number): boolean {
  let end = index;
  while (end < text.length && end - index <= longestAbbreviation && isLetter(text.charAt(end))) {
    end++;
  }
  if (end === index) return false;
  return commonSentenceOpeners.has(text.slice(index, end).toLowerCase());
}

function trimmedSpan(text: string, start: number, end: number): SentenceSpan | null {
  let first = start;
  let last = end;
  while (first < last && isWhitespace(text.charCodeAt(first))) first++;
  while (last > first && isWhitespace(text.charCodeAt(last - 1))) last--;
  if (last === first) return null;
  return { text: text.slice(first, last), start: first, end: last };
}

function skipWhitespace(text: string, index: number): number {
  let cursor = index;
  while (cursor < text.length && isWhitespace(text.charCodeAt(cursor))) cursor++;
  return cursor;
}

function isWhitespace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 128) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

type CharKind = 'upper' | 'lower' | 'digit' | 'other';

function charKind(char: string): CharKind {
  const code = char.charCodeAt(0);
  if (code >= 65 && code <= 90) return 'upper';
  if (code >= 97 && code <= 122) return 'lower';
  if (code >= 48 && code <= 57) return 'digit';
  if (code < 128) return 'other';
  if (char.toLowerCase() !== char) return 'upper';
  if (char.toUpperCase() !== char) return 'lower';
  return 'other';
}

function isLetter(char: string): boolean {
  const kind = charKind(char);
  return kind === 'upper' || kind === 'lower';
}
