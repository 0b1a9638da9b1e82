/**
 * @module Where a body paragraph of a laid-out PDF starts: after a line that ends a sentence, an
 * indented line; a list item; a change of size; a gap wider than the leading; after a short line,
 * an indented one that opens a sentence (the indent counted from the column's edge too, after a
 * display or heading set at the paragraph indent); and after a numbered display equation, a line
 * that opens a sentence. Pure: lines and measurements in, a yes or no out.
 */
import { startsListItem } from '../plain-text-layout.js';
import type { PlacedLine } from './column-order.js';
import type { RoledLine } from './line-roles.js';
import { columnKey } from './page-geometry.js';
import type { ColumnEdges, Typography } from './page-geometry.js';

export const sentenceEndPattern = /[.!?:]["'”’)\]]?$/u;
/** A capitalised word and a lower-case one: how a sentence, not an equation, opens a line. */
const opensSentencePattern = /^\p{Lu}\p{Ll}+,?\s+\p{Ll}/u;
/** A display equation's line: a sign of math, then its number at the end ("… = … (3)"). */
const numberedDisplayPattern = /[=≤≥<>∝≈∈∑∏−×·|].*\(\d{1,3}[a-z]?\)$/u;

function isIndented(options: {
  line: PlacedLine;
  previous: PlacedLine;
  edges: ColumnEdges | undefined;
  typography: Typography;
}): boolean {
  const { line, previous, typography } = options;
  const reference = line.run === previous.run ? previous.left : options.edges?.left;
  return isIndentedFrom(line, reference, typography);
}

/** Whether `line` starts a paragraph indent (more than half an em, less than five) right of `reference`. */
function isIndentedFrom(
  line: PlacedLine,
  reference: number | undefined,
  typography: Typography,
): boolean {
  if (reference === undefined) return false;
  const indent = line.left - reference;
  return indent > typography.bodySize * 0.6 && indent < typography.bodySize * 5;
}

function isShortLine(
  line: PlacedLine,
  edges: ColumnEdges | undefined,
  typography: Typography,
): boolean {
  return edges !== undefined && line.right < edges.right - typography.bodySize * 1.5;
}

/** Whether `line` starts a new paragraph after the body line before it. */
export function startsBodyParagraph(options: {
  line: RoledLine;
  previous: RoledLine;
  edges: ReadonlyMap<string, ColumnEdges>;
  typography: Typography;
  paragraphText: string;
}): boolean {
  const { line, previous, typography } = options;
  const lineEdges = options.edges.get(columnKey(line));
  const previousEdges = options.edges.get(columnKey(previous));
  const endsSentence = sentenceEndPattern.test(previous.text);
  if (startsListItem({ text: options.paragraphText }, line.text)) return true;
  if (Math.abs(line.fontSize - previous.fontSize) > typography.bodySize * 0.15) return true;
  if (line.run === previous.run) {
    const gap = previous.baseline - line.baseline;
    if (gap > typography.leading * 1.4 || gap < -typography.leading * 0.5) return true;
  }
  const isLineIndented = isIndented({ line, previous, edges: lineEdges, typography });
  if (endsSentence && isLineIndented) return true;
  // A numbered display ("x = (a − b)/c (3)") ends its sentence: a line opening one follows it.
  if (numberedDisplayPattern.test(previous.text) && opensSentencePattern.test(line.text)) {
    return true;
  }
  const isPreviousShort = isShortLine(previous, previousEdges, typography);
  // A short line, then an indented one that opens a sentence ("Users assume …"): a paragraph
  // whose last sentence ends in math or lost its period. A centred equation opens no such words.
  // The indent counts from the column's edge too where the short line ends well before the line
  // after it: a display or a heading set at the paragraph indent ("w(r, s) = …") leaves the next
  // paragraph's first line no deeper than itself. (Lines of a block narrower than its column,
  // an abstract, end at its own right edge.)
  const isIndentedInColumn =
    lineEdges !== undefined &&
    previous.right < line.right - typography.bodySize * 1.5 &&
    isIndentedFrom(line, lineEdges.left, typography);
  if (
    (isLineIndented || isIndentedInColumn) &&
    isPreviousShort &&
    opensSentencePattern.test(line.text)
  ) {
    return true;
  }
  return endsSentence && isPreviousShort;
}
