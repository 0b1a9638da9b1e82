/**
 * @module Ligatures a PDF's text layer does not map to letters. Some TeX fonts draw "ff", "ffi"
 * and the other f-ligatures as one glyph of their own font, and pdfjs gives that glyph as a control
 * character or an arrow ("e" "↵" "ort", "di" U+0000 "culties"), where the glyph names poppler
 * reads are not at hand. Such a glyph, set flush between two letters, is marked with U+FFFD
 * (`unmappedLigatureOf`), and the word around it is spelled with the ligature that makes it a word
 * of a general English vocabulary (`spellUnmappedLigatures`: "effort", "efficacy"); where none does,
 * the mark becomes a space, as the glyph did before.
 */
import type { PositionedText } from '../pdf-text-extraction.js';

/** What marks an unmapped glyph between two letters in a line's text. */
export const unmappedGlyphMark = '\uFFFD';

/** The f-ligatures of TeX's fonts, most common first (the first that makes a word wins). */
const ligatureSpellings = ['ff', 'fi', 'fl', 'ffi', 'ffl'] as const;
/** One glyph that pdfjs could not map: a C0 control (not tab or line feed) or the arrow "↵". */
const unmappedGlyphPattern = /^[\u0000-\u0008\u000B-\u001F\u21B5]$/u;
/** How far (points) a glyph may sit from its neighbours and still be set flush with them. */
const flushTolerance = 0.5;
const markedWordPattern = /(\p{L}*)\uFFFD(\p{L}*)/gu;

function rightOf(item: PositionedText): number {
  return (item.transform[4] ?? 0) + Math.max(item.width, 0);
}

/**
 * U+FFFD for `items[position]` when it is one unmapped glyph set flush between an item ending in
 * a letter and one starting with a lower-case letter; null otherwise.
 */
export function unmappedLigatureOf(
  items: readonly PositionedText[],
  position: number,
): string | null {
  const item = items[position];
  const before = items[position - 1];
  const after = items[position + 1];
  if (item === undefined || before === undefined || after === undefined) return null;
  if (!unmappedGlyphPattern.test(item.str)) return null;
  if (!/\p{L}$/u.test(before.str) || !/^\p{Ll}/u.test(after.str)) return null;
  const x = item.transform[4] ?? 0;
  const isFlush =
    Math.abs(rightOf(before) - x) <= flushTolerance &&
    Math.abs(rightOf(item) - (after.transform[4] ?? 0)) <= flushTolerance;
  return isFlush ? unmappedGlyphMark : null;
}

/** `text` with each marked glyph spelled as the ligature that makes its word a known word. */
export function spellUnmappedLigatures(text: string, vocabulary: ReadonlySet<string>): string {
  if (!text.includes(unmappedGlyphMark)) return text;
  return text.replace(markedWordPattern, (word: string, before: string, after: string) => {
    const spelling = ligatureSpellings.find((ligature) =>
      vocabulary.has(`${before}${ligature}${after}`.toLowerCase()),
    );
    return spelling === undefined ? `${before} ${after}` : `${before}${spelling}${after}`;
  });
}
