/**
 * @module Text the database can store: PostgreSQL (and PGlite) reject a NUL character in `text`
 * and `jsonb` ("invalid byte sequence for encoding "UTF8": 0x00"), and a lone UTF-16 surrogate has
 * no UTF-8 form (a driver stores U+FFFD for it, or fails). PDF text layers give C0 controls: a TeX
 * symbol font without a Unicode map yields its glyph codes as they are (cmsy's minus is 0x00, its
 * times sign 0x02, its bullet 0x0F). Every paper source cleans its text with these as it is
 * extracted. Each offending UTF-16 code unit is replaced by exactly one code unit (a C0 control by
 * a space, a lone surrogate by U+FFFD), so a text keeps its length and every character offset
 * computed on it stays valid.
 */
import type { Paper } from '@quarry/core';

/**
 * C0 controls other than tab (U+0009) and line feed (U+000A), and UTF-16 surrogates that are not
 * part of a pair (with the `u` flag a well-formed pair is one code point, so only lone ones match).
 */
const unstorablePattern = /[\u0000-\u0008\u000B-\u001F]|[\uD800-\uDFFF]/gu;

/** Replaces what the database cannot store: a C0 control by a space, a lone surrogate by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(unstorablePattern, (character) =>
    character.charCodeAt(0) < 0x20 ? ' ' : '\uFFFD',
  );
}

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [storableText(key), storableValue(entry)]),
    );
  }
  return value;
}

/**
 * The paper with every string cleaned by `storableText`: title, abstract, authors, text, section
 * titles, sentences and the source's `extra` fields (stored as jsonb, which refuses NUL too).
 * Offsets stay valid because the cleaning keeps every string's length.
 */
export function storablePaper(paper: Paper): Paper {
  return {
    ...paper,
    id: storableText(paper.id),
    title: storableText(paper.title),
    abstract: paper.abstract === null ? null : storableText(paper.abstract),
    authors: paper.authors.map(storableText),
    url: paper.url === null ? null : storableText(paper.url),
    text: storableText(paper.text),
    sections: paper.sections.map((section) => ({
      ...section,
      title: storableText(section.title),
    })),
    sentences: paper.sentences.map((sentence) => ({
      ...sentence,
      text: storableText(sentence.text),
    })),
    extra: storableValue(paper.extra) as Paper['extra'],
  };
}
