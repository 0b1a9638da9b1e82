/**
 * @module List item markers at the start of a sentence: a bullet ("• The prover …"), a number
 * ("2. It must …", "3) Run …") or a bracketed label ("(A) Check …", "(iv) The …"). The marker
 * stays in a paper's text, where a reader sees the list, but is not part of the sentence: a cited
 * or searched sentence reads as the item's words, as the source's `\item` writes them.
 *
 * A bracketed label or a number with ")" counts only before a capital letter or a digit, so a
 * sentence that opens with an equation number ("(2) is minimised when …") keeps it; so do the
 * dash, asterisk and middle dot of LaTeX's inner list levels ("– The cache …"). A letter with
 * a period ("A. Smith") is an initial, never a marker, and a citation ("[3] showed …") is left too.
 */
import type { SentenceSpan } from '@quarry/text';

/**
 * Bullet glyphs, and the private-use code points symbol fonts (Wingdings, Symbol) give their
 * bullets when a PDF's text layer has no Unicode for them.
 */
const bulletMarker = '[•◦▪▫●○∙‣⁃■□►▸▹▶➢➤✓✔★\\uE000-\\uF8FF]';
/** Marks of LaTeX's inner itemize levels (en or em dash, asterisk, middle dot). */
const innerLevelMarker = '[\u2013\u2014\u2217*\u00B7]';
/**
 * "2." before anything; "2)", "(2)", "(a)", "(A)", "(iv)", "a)" and the inner-level marks only
 * before a capital or digit.
 */
const markerPattern = new RegExp(
  `^(?:${bulletMarker}|\\d{1,2}\\.(?=\\s+\\S)|(?:${innerLevelMarker}|\\((?:\\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})\\)|(?:\\d{1,2}|[a-z])\\))(?=\\s+[\\p{Lu}\\p{N}]))\\s+`,
  'u',
);

/** The length of the list marker and the spaces after it that open `sentence`, or 0. */
export function listItemMarkerLength(sentence: string): number {
  const match = markerPattern.exec(sentence);
  if (match === null || match[0].length === sentence.length) return 0;
  return match[0].length;
}

/** `span` without the list marker it opens with, if any (offsets moved past the marker). */
export function withoutListItemMarker(span: SentenceSpan): SentenceSpan {
  const length = listItemMarkerLength(span.text);
  if (length === 0) return span;
  return { text: span.text.slice(length), start: span.start + length, end: span.end };
}
