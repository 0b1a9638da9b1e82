/**
 * @module A table's caption in a PDF's lines: where one starts ("Table 3:", "TABLE II", "Table 3
 * Results") and which lines after it are its words rather than the rows of its table.
 */
import { captionLabelOf } from './line-roles.js';
import type { RoledLine } from './line-roles.js';
import { fontKey } from './page-geometry.js';
import type { Typography } from './page-geometry.js';

/** A caption label that names a table. */
const tableLabelPattern = /^(?:table|tab\.)\s/iu;
/**
 * A table caption without punctuation after its number ("Table 3 Heuristic Evaluation Results"),
 * told from a sentence about the table ("Table 2 shows") by the capital after the number.
 */
const bareTableCaptionPattern = /^(?:Table|TABLE)\s+(?:\d+|[IVX]+)\s+\p{Lu}/u;

/** Whether a line starts a table's caption ("Table 3:", "TABLE II", "Table 3 Results"). */
export function isTableCaptionStart(line: RoledLine, typography: Typography): boolean {
  const label = line.role === 'caption' ? captionLabelOf(line.text) : null;
  if (label !== null) return tableLabelPattern.test(`${label} `);
  // Set apart from the body's type, a caption needs no punctuation after its number.
  return bareTableCaptionPattern.test(line.text) && fontKey(line) !== typography.bodyFont;
}

/** Whether a line shares its baseline with another line under the caption (a row of cells). */
function sharesRow(line: RoledLine, lines: readonly RoledLine[], caption: RoledLine): boolean {
  return lines.some(
    (other) =>
      other !== line &&
      other.page === line.page &&
      Math.abs(other.baseline - line.baseline) < line.fontSize * 0.3 &&
      other.left < caption.right &&
      other.right > caption.left,
  );
}

/**
 * Whether a line shares its baseline with another line of its column: a row of cells, even where
 * a PDF gives the caption's role to the table rows under it.
 */
export function hasRowNeighbour(line: RoledLine, lines: readonly RoledLine[]): boolean {
  return lines.some(
    (other) =>
      other !== line &&
      other.page === line.page &&
      other.column === line.column &&
      Math.abs(other.baseline - line.baseline) < line.fontSize * 0.3,
  );
}

/**
 * The last line of a caption that runs on from an unfinished line, read as another column's text
 * because it is short: the caption's size, its left edge, within its width, a line below.
 */
function isCaptionsLastLine(line: RoledLine, last: RoledLine, first: RoledLine): boolean {
  return (
    line.page === first.page &&
    !/[.!?:]["'”’)\]]?$/u.test(last.text) &&
    Math.abs(line.fontSize - first.fontSize) <= first.fontSize * 0.1 &&
    Math.abs(line.left - first.left) <= first.fontSize * 0.5 &&
    line.right <= first.right + first.fontSize &&
    last.baseline - line.baseline <= first.fontSize * 1.75
  );
}

/** The caption's lines: its start and the lines after it that read as caption, not as cells. */
export function captionBlock(lines: readonly RoledLine[], start: number): RoledLine[] {
  const first = lines[start];
  if (first === undefined) return [];
  const block = [first];
  for (let position = start + 1; position < lines.length; position += 1) {
    const line = lines[position];
    const last = block[block.length - 1];
    if (line === undefined || last === undefined) break;
    const isSameBlock =
      line.run === first.run && (line.role === 'caption' || line.role === first.role);
    if (!isSameBlock && !isCaptionsLastLine(line, last, first)) break;
    if (captionLabelOf(line.text) !== null || line.segments.length > 2) break;
    if (Math.abs(line.fontSize - first.fontSize) > first.fontSize * 0.1) break;
    if (last.baseline - line.baseline > first.fontSize * 1.75) break;
    if (line.left >= first.right || line.right <= first.left) break;
    if (sharesRow(line, lines, first)) break;
    block.push(line);
  }
  // IEEE: "TABLE II" alone, its words on the next line.
  const next = lines[start + block.length];
  if (
    block.length === 1 &&
    /^\S+\s+\S+$/u.test(first.text.trim()) &&
    next !== undefined &&
    next.page === first.page &&
    next.segments.length === 1 &&
    first.baseline - next.baseline < first.fontSize * 2
  ) {
    block.push(next);
  }
  return block;
}
