/**
 * @module The role of each laid-out line of a PDF, from its words, font and place:
 *
 * - `caption`: a line that starts "Figure 3:", "Fig. 2.", "Table 1:" (or IEEE's "TABLE II" alone)
 *   and the lines after it in the same size and spacing;
 * - `heading`: a short line in a font other than the body's (bold, or larger) that reads as a
 *   numbered or named section heading (in a PDF with a single font, by its words alone), or a
 *   numbered one in capitals centred in its column (heading-lines.ts);
 * - `footnote`: the lines at the bottom of a column that start with a raised mark (¹, *, †) or are
 *   set smaller than the body, below a gap (the page-1 copyright block is one too);
 * - `figure`: text of a figure or table: rows of cells (pieces of text far apart on one baseline),
 *   lines set much smaller than the body, lines of numbers without words, and short lines among
 *   them;
 * - `text`: everything else, the running text.
 *
 * References are found later, from the "References" heading on (pdf-document-layout.ts).
 */
import type { PageBox } from '../pdf-text-extraction.js';
import type { PlacedLine } from './column-order.js';
import { columnKey, fontKey } from './page-geometry.js';
import {
  gapAbove,
  isCentredCapitalsHeading,
  isHeadingLine,
  isUnnumberedHeading,
  longestHeadingWords,
  numberedHeadingPattern,
  runsIntoText,
} from './heading-lines.js';
import { isLabelAndProse } from './run-in-labels.js';
import type { ColumnEdges, Typography } from './page-geometry.js';

export type LineRole = 'text' | 'heading' | 'caption' | 'footnote' | 'figure';

export interface RoledLine extends PlacedLine {
  role: LineRole;
}

/** "Figure 3:", "Fig. 2.", "Table 1 –", "Algorithm 1:", "Figure S2:", "Table IV." */
const captionStartPattern =
  /^(?:Figure|Fig\.|Table|Tab\.|Algorithm|Listing|Chart|Scheme|Exhibit)\s*[A-Z]?(?:\d+|[IVX]+)(?:\.\d+)?[a-z]?\s*(?:[:.|—–]|-\s)/iu;
/** IEEE puts "TABLE II" (or "Fig. 3") alone on a line above the caption's words. */
const captionLabelAlonePattern = /^(?:TABLE|FIGURE|Table|Figure|Fig\.)\s+(?:\d+|[IVX]+)\s*$/u;
const equationNumberPattern = /^\(\d+(?:\.\d+)?[a-z]?\)$/u;
/** A word of three letters or more. */
const wordPattern = /\p{L}{3,}/u;

/** The caption label a line starts ("Figure 3", "Table II"), or null. */
export function captionLabelOf(text: string): string | null {
  const match = captionStartPattern.exec(text) ?? captionLabelAlonePattern.exec(text);
  if (match === null) return null;
  return match[0].replace(/[\s:.|—–-]+$/u, '').replace(/\s+/gu, ' ');
}

/**
 * A caption opens with its label's capital ("Figure 2:", "TABLE I"); "table 1." in lower case at a
 * line's start ends a sentence of the running text ("… are reported in" / "table 1.").
 */
function isCaptionStart(text: string): boolean {
  return (
    /^\p{Lu}/u.test(text) && (captionStartPattern.test(text) || captionLabelAlonePattern.test(text))
  );
}

/**
 * Marks captions: a caption start and the lines after it in the same run that lie under it (they
 * overlap it horizontally: text beside a narrow caption is not part of it) in the same size and
 * close spacing.
 */
function markCaptions(lines: readonly PlacedLine[], roles: LineRole[]): void {
  for (let position = 0; position < lines.length; position += 1) {
    const start = lines[position];
    if (start === undefined || !isCaptionStart(start.text)) continue;
    roles[position] = 'caption';
    let last = start;
    for (let next = position + 1; next < lines.length; next += 1) {
      const line = lines[next];
      if (line === undefined || line.run !== start.run || isCaptionStart(line.text)) break;
      const overlaps = line.left < start.right && line.right > start.left;
      if (!overlaps) continue;
      const sameSize = Math.abs(line.fontSize - start.fontSize) <= start.fontSize * 0.1;
      if (!sameSize || last.baseline - line.baseline > start.fontSize * 1.75) break;
      roles[next] = 'caption';
      last = line;
    }
  }
}

/**
 * Marks footnotes: in each run of column text, the lines at its bottom (in the lower half of the
 * page) from a line that starts with a raised mark, or is set smaller than the body, below a gap or
 * a change of size, down to the end of the run.
 */
function markFootnotes(options: {
  lines: readonly PlacedLine[];
  roles: LineRole[];
  typography: Typography;
  boxes: readonly PageBox[];
}): void {
  const { lines, roles, typography } = options;
  const small = typography.bodySize * 0.92;
  let runEnd = lines.length;
  for (let position = lines.length - 1; position >= -1; position -= 1) {
    const line = lines[position];
    const next = lines[position + 1];
    if (position >= 0 && line !== undefined && next !== undefined && line.run === next.run)
      continue;
    // lines[position + 1 .. runEnd) is one run: look at its bottom.
    const runStart = position + 1;
    let footnoteStart = -1;
    for (let index = runEnd - 1; index >= runStart; index -= 1) {
      const candidate = lines[index];
      if (candidate === undefined || roles[index] === 'caption' || roles[index] === 'heading')
        break;
      const box = options.boxes[candidate.page - 1];
      const middle = box === undefined ? Infinity : (box.top + box.bottom) / 2;
      if (candidate.baseline > middle) break;
      if (candidate.fontSize > typography.bodySize * 1.05) break;
      const isSmall = candidate.fontSize < small;
      const above = lines[index - 1];
      const gap = gapAbove(lines, index);
      const isSetApart =
        index === runStart ||
        gap > typography.leading * 1.15 ||
        (above !== undefined &&
          Math.abs(above.fontSize - candidate.fontSize) > candidate.fontSize * 0.08);
      if ((candidate.startsWithRaisedMark || isSmall) && isSetApart) footnoteStart = index;
      else if (!isSmall && !candidate.startsWithRaisedMark) {
        // A body-size line belongs to a footnote only below that footnote's raised mark.
        let markAt = -1;
        for (let up = index - 1; up >= Math.max(runStart, index - 6); up -= 1) {
          const upper = lines[up];
          if (upper === undefined || upper.fontSize < small) break;
          if (upper.startsWithRaisedMark) {
            markAt = up;
            break;
          }
          if (gapAbove(lines, up + 1) > typography.leading * 1.15) break;
        }
        if (markAt < 0) break;
        index = markAt + 1;
      }
    }
    if (footnoteStart >= 0) {
      for (let index = footnoteStart; index < runEnd; index += 1) {
        if (roles[index] === 'text') roles[index] = 'footnote';
      }
    }
    runEnd = runStart;
  }
}

/**
 * Lines of one row: the same baseline and size, in the same run of column text. A line across the
 * gutter shares its row with the column lines beside it (the labels of a figure set across the
 * page, "(c) Tiger  (d) Gorilla  (e) Lion"), so its row is the page's.
 */
function rowKey(line: PlacedLine): string {
  const where = line.column === 'full' ? `page${line.page}` : `run${line.run}`;
  return `${where}:${Math.round(line.baseline / 2)}:${Math.round(line.fontSize)}`;
}

/** Gaps wider than this (in ems) between the segments of a line separate table cells. */
const cellGapEms = 1.5;

/** How many table cells a line holds: its segments apart by more than a wide gap. */
function cellsOf(line: PlacedLine): PlacedLine['segments'][] {
  const cells: PlacedLine['segments'][] = [];
  for (const segment of line.segments) {
    const cell = cells[cells.length - 1];
    const last = cell?.[cell.length - 1];
    if (
      cell !== undefined &&
      last !== undefined &&
      segment.left - last.right <= line.fontSize * cellGapEms
    ) {
      cell.push(segment);
    } else {
      cells.push([segment]);
    }
  }
  return cells;
}

/** How many table cells each row holds (key `rowKey`). */
function cellsByRow(lines: readonly PlacedLine[]): Map<string, number> {
  const rows = new Map<string, number>();
  const add = (key: string, cells: number): void => {
    rows.set(key, (rows.get(key) ?? 0) + cells);
  };
  for (const line of lines) {
    const cells = cellsOf(line).length;
    add(rowKey(line), cells);
    // Column lines count in their page's row too, which lines across the gutter read.
    if (line.column !== 'full') add(rowKey({ ...line, column: 'full' }), cells);
  }
  return rows;
}

/** Whether a line of text looks like figure or table text rather than prose. */
function isFigureText(options: {
  line: PlacedLine;
  cellsInRow: number;
  typography: Typography;
}): boolean {
  const { line, cellsInRow, typography } = options;
  if (cellsInRow >= 3) return true;
  if (cellsInRow === 2) {
    if (
      isLabelAndProse(cellsOf(line).map((cell) => cell.map((segment) => segment.text).join(' ')))
    ) {
      return false;
    }
    const lastCell = cellsOf(line).pop() ?? [];
    const lastText = lastCell.map((segment) => segment.text).join(' ');
    if (!equationNumberPattern.test(lastText.trim()) && !equationNumberPattern.test(line.text)) {
      return true;
    }
  }
  return line.fontSize < typography.bodySize * 0.8;
}

/** A line of numbers without words ("0.2 0.4 0.6", "1976)."): figure text only next to some. */
function isNumbersOnly(line: PlacedLine): boolean {
  const visible = line.text.replace(/\s+/gu, '');
  const digits = visible.replace(/[^\d]/gu, '').length;
  return !wordPattern.test(line.text) && digits > 0 && digits >= visible.length * 0.3;
}

/**
 * Marks the text of figures and tables, then the short lines among them: a line narrower than
 * half its column next to figure text, unless it ends a paragraph of running text above it.
 */
function markFigureText(options: {
  lines: readonly PlacedLine[];
  roles: LineRole[];
  typography: Typography;
  edges: ReadonlyMap<string, ColumnEdges>;
}): void {
  const { lines, roles, typography } = options;
  const rows = cellsByRow(lines);
  lines.forEach((line, position) => {
    if (roles[position] !== 'text') return;
    if (isFigureText({ line, cellsInRow: rows.get(rowKey(line)) ?? 1, typography })) {
      roles[position] = 'figure';
    }
  });
  const isShort = (line: PlacedLine): boolean => {
    const edges = options.edges.get(columnKey(line));
    const columnWidth = edges === undefined ? 0 : edges.right - edges.left;
    return line.right - line.left < columnWidth * 0.5;
  };
  let changed = true;
  while (changed) {
    changed = false;
    lines.forEach((line, position) => {
      if (roles[position] !== 'text' || !(isShort(line) || isNumbersOnly(line))) return;
      const neighbours = [position - 1, position + 1].filter(
        (index) =>
          roles[index] === 'figure' &&
          lines[index]?.run === line.run &&
          Math.abs((lines[index]?.baseline ?? Infinity) - line.baseline) < typography.leading * 3,
      );
      if (neighbours.length === 0) return;
      const above = lines[position - 1];
      const endsParagraphAbove =
        above !== undefined &&
        roles[position - 1] === 'text' &&
        above.run === line.run &&
        above.baseline - line.baseline <= typography.leading * 1.3 &&
        !isShort(above);
      if (endsParagraphAbove) return;
      roles[position] = 'figure';
      changed = true;
    });
  }
}

/**
 * Marks the second line of a heading set on two lines ("2.2. Case Study 2: a Comprehensive
 * Analysis on a" / "Linear Model"): right below it, in the same font, and not numbered itself.
 */
function markHeadingContinuations(options: {
  lines: readonly PlacedLine[];
  roles: LineRole[];
  typography: Typography;
}): void {
  const { lines, roles, typography } = options;
  lines.forEach((line, position) => {
    // A heading in the body's font cannot be told from the text that follows it.
    if (fontKey(line) === typography.bodyFont) return;
    const above = lines[position - 1];
    if (roles[position] !== 'text' || roles[position - 1] !== 'heading' || above === undefined) {
      return;
    }
    const isContinuation =
      above.run === line.run &&
      fontKey(above) === fontKey(line) &&
      above.baseline - line.baseline < line.fontSize * 1.8 &&
      line.text.split(/\s+/u).length <= longestHeadingWords &&
      !numberedHeadingPattern.test(line.text) &&
      !/[.;]$/u.test(line.text);
    if (isContinuation) roles[position] = 'heading';
  });
}

/** The role of each line, in the same order. */
export function assignLineRoles(options: {
  lines: readonly PlacedLine[];
  typography: Typography;
  edges: ReadonlyMap<string, ColumnEdges>;
  boxes: readonly PageBox[];
}): RoledLine[] {
  const { lines, typography } = options;
  const roles: LineRole[] = lines.map(() => 'text');
  markCaptions(lines, roles);
  const rows = cellsByRow(lines);
  lines.forEach((line, position) => {
    if (roles[position] !== 'text') return;
    const context = { lines, position, typography, edges: options.edges };
    // A line of table cells ("Successful  Failed") is no heading.
    const isHeading =
      (rows.get(rowKey(line)) ?? 1) === 1 &&
      ((isHeadingLine(line, typography) && !runsIntoText(context)) ||
        isUnnumberedHeading(context) ||
        isCentredCapitalsHeading(context));
    if (isHeading) roles[position] = 'heading';
  });
  markHeadingContinuations({ lines, roles, typography });
  markFootnotes({ lines, roles, typography, boxes: options.boxes });
  markFigureText({ lines, roles, typography, edges: options.edges });
  return lines.map((line, position) => ({ ...line, role: roles[position] ?? 'text' }));
}
