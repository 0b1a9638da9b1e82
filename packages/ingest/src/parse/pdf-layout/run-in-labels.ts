/**
 * @module Run-in labels: a heading set at the start of a paragraph's first line in a font of its
 * own, the paragraph's words following on the same line in the body font ("Training Details We
 * train …", LaTeX's `\paragraph`, or "Abstract This paper …"). With no period after the label, the
 * sentence splitter would take the label for the first words of the sentence; the layout makes it
 * a sentence of its own instead (pdf-document-layout.ts), where the line is not indented.
 *
 * A label is short (at most eight words), starts with a capital or a digit, ends in no
 * punctuation (a label ending in a period or colon is split off by the sentence splitter, or is
 * part of the sentence), nor in a function word or a number (a title in two fonts, "Training with
 * GANs", or "Algorithm 2" and its name), and is followed by a Latin capital starting a word: words
 * set in italic or bold for emphasis at the start of a sentence ("Dropout is …") are followed by
 * lower case, and a label running on into a symbol ("Rule Ω") is not one.
 *
 * A label that ends in a colon can also be pulled apart from its sentence by justification, so
 * that the line reads as two table cells ("Noise Defense:      The first baseline model, the");
 * `isLabelAndProse` tells such a line from a table row for the line roles (line-roles.ts).
 */
import { isStopword } from '@quarry/text';
import type { PdfLine } from './pdf-lines.js';
import { fontKey } from './page-geometry.js';

export interface RunInLabel {
  /** The label's text. */
  label: string;
  /** The rest of the line, from the paragraph's first word. */
  rest: string;
}

const longestLabelWords = 8;
const labelPattern = /^[\p{Lu}\p{N}][^.:;!?,]*\p{L}[^.:;!?,]*$/u;
const lettersPattern = /\p{L}{2}/u;
/** A Latin capital opening a word ("We", "A ", "Our"), not an acronym in another font ("GANs"). */
const restPattern = /^[A-Z](?:\p{Ll}|\s)/u;
const numberEndPattern = /\p{N}$/u;

/**
 * The run-in label that opens `line` and the text after it, or null when the line opens with no
 * such label. `bodyFont` is the body's font key (page-geometry.ts): the rest of the line is in it
 * and the label is not.
 */
export function runInLabelOf(line: PdfLine, bodyFont: string): RunInLabel | null {
  const run = line.leadingRun;
  if (run === undefined || run.fontName === run.restFontName) return null;
  if (fontKey({ fontName: run.restFontName, fontSize: line.fontSize }) !== bodyFont) return null;
  if (!line.text.startsWith(run.text)) return null;
  const label = run.text.trim();
  const rest = line.text.slice(run.text.length).trim();
  if (rest.length === 0 || !restPattern.test(rest)) return null;
  if (!labelPattern.test(label) || !lettersPattern.test(label)) return null;
  const words = label.split(/\s+/u);
  const lastWord = words[words.length - 1] ?? '';
  if (words.length > longestLabelWords || isStopword(lastWord.toLowerCase())) return null;
  if (numberEndPattern.test(label)) return null;
  return { label, rest };
}

/** A run-in label ending in a colon or period ("Noise Defense:", not "S1:"), at most this many words. */
const runInLabelCellPattern = /^\p{Lu}[^.:;!?]{0,60}[:.]$/u;
const longestRunInLabelWords = 6;
/** Prose: a capitalised word, then at least three more, lower-case words among them. */
const proseCellPattern = /^\p{Lu}\p{Ll}*(?:\s+\S+){3,}$/u;

/**
 * Whether the texts of a line's cells are a paragraph's first line pulled apart by justification:
 * a run-in label and the sentence after it ("Noise Defense:" and "The first baseline model, the"),
 * not two table cells.
 */
export function isLabelAndProse(cells: readonly string[]): boolean {
  if (cells.length !== 2) return false;
  const [label = '', prose = ''] = cells.map((cell) => cell.trim());
  return (
    runInLabelCellPattern.test(label) &&
    /\p{L}\p{Ll}/u.test(label) &&
    label.split(/\s+/u).length <= longestRunInLabelWords &&
    proseCellPattern.test(prose) &&
    /\s\p{Ll}/u.test(prose)
  );
}
