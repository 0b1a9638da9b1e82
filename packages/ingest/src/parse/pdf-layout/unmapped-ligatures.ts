/**
 * @module Ligatures a PDF's text layer does not map to letters. Some TeX fonts draw "ff", "ffi"
 * and the other f-ligatures as one glyph of their own font, and pdfjs gives that glyph as a control
 * character or an arrow ("e" "↵" "ort", "di" U+0000 "culties"), where the glyph names poppler
 * reads are not at hand. Such a glyph, set flush between two letters, is spelled with the ligature
 * that makes the word around it a word of a general English vocabulary ("effort", "efficacy");
 * where none does, the glyph is left as pdfjs gave it (a control character reads as a space).
 */
import { englishWords } from '../english-words.js';
import type { PositionedText } from '../pdf-text-extraction.js';

/** The f-ligatures of TeX's fonts, most common first (the first that makes a word wins). */
const ligatureSpellings = ['ff', 'fi', 'fl', 'ffi', 'ffl'] as const;
/** One glyph that pdfjs could not map: a C0 control (not tab or line feed) or the arrow "↵". */
const unmappedGlyphPattern = /^[\u0000-\u0008\u000B-\u001F\u21B5]$/u;
/** How far (points) a glyph may sit from its neighbours and still be set flush with them. */
const flushTolerance = 0.5;

function rightOf(item: PositionedText): number {
  return (item.transform[4] ?? 0) + Math.max(item.width, 0);
}

/**
 * The ligature `items[position]` stands for ("ffi"), when it is one unmapped glyph set flush
 * between an item ending in a letter and one starting with a lower-case letter, and the ligature
 * makes the word they form a word of `vocabulary`; null otherwise.
 */
export function unmappedLigatureOf(
  items: readonly PositionedText[],
  position: number,
  vocabulary: ReadonlySet<string> = englishWords(),
): string | null {
  const item = items[position];
  const before = items[position - 1];
  const after = items[position + 1];
  if (item === undefined || before === undefined || after === undefined) return null;
  if (!unmappedGlyphPattern.test(item.str)) return null;
  const head = /\p{L}+$/u.exec(before.str)?.[0];
  const tail = /^\p{Ll}\p{L}*/u.exec(after.str)?.[0];
  if (head === undefined || tail === undefined) return null;
  const x = item.transform[4] ?? 0;
  const isFlush =
    Math.abs(rightOf(before) - x) <= flushTolerance &&
    Math.abs(rightOf(item) - (after.transform[4] ?? 0)) <= flushTolerance;
  if (!isFlush) return null;
  return (
    ligatureSpellings.find((ligature) =>
      vocabulary.has(`${head}${ligature}${tail}`.toLowerCase()),
    ) ?? null
  );
}
