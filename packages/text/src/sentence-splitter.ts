/**
 * @module Sentence splitting with character offsets. (Placeholder: replaced by the full splitter.)
 */

export interface SentenceSpan {
  text: string;
  /** Offset of the first character in the input, inclusive. */
  start: number;
  /** Offset after the last character in the input, exclusive. */
  end: number;
}

/** Splits `text` into sentences; `text.slice(start, end) === span.text` for every span. */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const pattern = /[^.!?]+(?:[.!?]+|$)/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const leading = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length === 0) continue;
    const start = match.index + leading;
    spans.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return spans;
}
