/**
 * @module Where the tables of a PDF are: each "Table 3:" / "TABLE II" caption, and the block of
 * lines next to it (below or above, on its page, within its column) whose rows are in cells apart
 * by wide gaps. The block is found geometrically, not in reading order, so a table whose row
 * labels and numbers the column order split apart is still one block. A block ends at a wide gap,
 * another caption, a numbered or named section heading, or a line of running text that no table
 * row follows.
 *
 * Which side of its caption a table is on is decided per caption when only one side holds a
 * table, else by the side most of the document's unambiguous captions use (a document puts its
 * table captions consistently above or below), else below (the usual convention). A line belongs
 * to one table at most. Where a caption starts and which lines are its words: table-captions.ts.
 */
import { joinWrappedLine } from '../line-end-hyphenation.js';
import type { HyphenationEvidence } from '../line-end-hyphenation.js';
import { headingOfLine } from '../plain-text-layout.js';
import type { PageBox } from '../pdf-text-extraction.js';
import { captionLabelOf } from './line-roles.js';
import type { RoledLine } from './line-roles.js';
import { columnKey, fontKey } from './page-geometry.js';
import { captionBlock, hasRowNeighbour, isTableCaptionStart } from './table-captions.js';
import type { ColumnEdges, Typography } from './page-geometry.js';

/** One row of a table region: the lines on one baseline, top to bottom. */
export interface RegionRow {
  lines: RoledLine[];
  baseline: number;
}

export interface TableRegion {
  /** "Table 3", "TABLE II". */
  label: string;
  /** The caption's text, its lines joined. */
  caption: string;
  page: number;
  /** Rows from the top of the table down. */
  rows: RegionRow[];
}

type Side = 'below' | 'above';

/** A number, a percentage, a range or a ratio: a table cell rather than a word. */
const numericCellPattern = /^[-+−–(~≈<>±]*\.?\d[\d.,:/%±×x*()\-−–\s]*[a-z%]{0,4}\*?$/iu;
const numberedHeadingPattern = /^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+\p{Lu}/u;

export function isNumericCell(text: string): boolean {
  return numericCellPattern.test(text.trim());
}

/** Rows this far apart (in leadings of the body) end a table. */
const widestRowGapLeadings = 2.6;
/** The first row may be this far from the caption. */
const widestCaptionGapLeadings = 3.2;

function rowsOfLines(lines: readonly RoledLine[], side: Side): RegionRow[] {
  const sorted = [...lines].sort((first, second) =>
    side === 'below' ? second.baseline - first.baseline : first.baseline - second.baseline,
  );
  const rows: RegionRow[] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    if (row !== undefined && Math.abs(row.baseline - line.baseline) <= line.fontSize * 0.5) {
      row.lines.push(line);
    } else {
      rows.push({ lines: [line], baseline: line.baseline });
    }
  }
  for (const row of rows) row.lines.sort((first, second) => first.left - second.left);
  return rows;
}

function cellCount(row: RegionRow): number {
  return row.lines.reduce((count, line) => count + line.segments.length, 0);
}

function rowWidth(row: RegionRow): number {
  const left = Math.min(...row.lines.map((line) => line.left));
  const right = Math.max(...row.lines.map((line) => line.right));
  return right - left;
}

/**
 * Two columns of running text side by side (a caption across the page, its table elsewhere): a
 * line of words filling its column's width as justified text does, beside another such line or a
 * heading.
 */
function isTwoColumnsOfText(row: RegionRow, edges: ReadonlyMap<string, ColumnEdges>): boolean {
  const columns = new Set(row.lines.map((line) => line.column));
  if (row.lines.length < 2 || columns.has('full') || columns.size < 2) return false;
  const fillsColumn = (line: RoledLine): boolean => {
    const column = edges.get(columnKey(line));
    return (
      column !== undefined &&
      line.role === 'text' &&
      line.text.split(/\s+/u).length >= 4 &&
      line.right - line.left >= (column.right - column.left) * 0.85
    );
  };
  // A heading beside running text ("2 Related Work") is part of the same page of prose.
  return (
    row.lines.some(fillsColumn) &&
    row.lines.every((line) => fillsColumn(line) || line.role === 'heading')
  );
}

/**
 * A line of running text in one column of a two-column page: one stretch of words in the body's
 * font filling its column's width. Beside a table set across the page it is the other column's
 * prose (a figure, not text, beside it), never a row of that table.
 */
function isColumnOfProse(
  line: RoledLine,
  edges: ReadonlyMap<string, ColumnEdges>,
  typography: Typography,
): boolean {
  const column = edges.get(columnKey(line));
  return (
    column !== undefined &&
    line.column !== 'full' &&
    line.role === 'text' &&
    line.segments.length === 1 &&
    fontKey(line) === typography.bodyFont &&
    line.text.split(/\s+/u).length >= 5 &&
    line.right - line.left >= (column.right - column.left) * 0.85
  );
}

/** One line of three words or more that ends a sentence: prose, never a table's group title. */
function endsSentence(row: RegionRow): boolean {
  const [line] = row.lines;
  return (
    row.lines.length === 1 &&
    line !== undefined &&
    line.segments.length === 1 &&
    line.text.split(/\s+/u).length >= 3 &&
    /\p{Ll}{2}[.!?]["'”’)\]]?$/u.test(line.text)
  );
}

/** A row of running text: one wide stretch of words in the body's roles. */
function isProseRow(
  row: RegionRow,
  windowWidth: number,
  edges: ReadonlyMap<string, ColumnEdges>,
  typography: Typography,
): boolean {
  if (isTwoColumnsOfText(row, edges)) return true;
  if (row.lines.some((line) => isColumnOfProse(line, edges, typography))) return true;
  if (cellCount(row) > 1) {
    // Justified text set with wide word spaces: many one-word cells across the whole column.
    const words = row.lines.flatMap((line) => line.segments).map((segment) => segment.text);
    const isWideWords = rowWidth(row) >= windowWidth * 0.85 && !words.some(isNumericCell);
    return isWideWords && row.lines.every((line) => line.role === 'text');
  }
  const [line] = row.lines;
  if (line === undefined || line.role === 'heading') return false;
  const tokens = line.text.split(/\s+/u);
  const words = tokens.length;
  // A row label and its numbers drawn close enough to read as one stretch ("wordGLEU 0.696 0.445 …").
  const numbers = tokens.filter(isNumericCell).length;
  if (numbers >= 3 && numbers * 2 >= words) return false;
  // The last line of a paragraph next to a table: a few words that end a sentence.
  return (
    endsSentence(row) ||
    (line.role !== 'figure' && rowWidth(row) >= windowWidth * 0.6 && words >= 5)
  );
}

/**
 * A section heading, not a table's header: "4.4 Manual Evaluation", "References"; a numbered one
 * also beside lines in smaller type (a figure's labels in the other column).
 */
function isSectionHeadingRow(row: RegionRow, typography: Typography): boolean {
  const isNumberedHeading = (line: RoledLine): boolean =>
    line.role === 'heading' &&
    line.fontSize >= typography.bodySize * 0.95 &&
    numberedHeadingPattern.test(line.text);
  const heading = row.lines.find(isNumberedHeading);
  if (
    heading !== undefined &&
    row.lines.every((line) => line === heading || line.fontSize < heading.fontSize * 0.85)
  ) {
    return true;
  }
  if (cellCount(row) > 1 && row.lines.length > 1) return false;
  const [line] = row.lines;
  if (line === undefined || line.role !== 'heading') return false;
  const text = line.segments.map((segment) => segment.text).join(' ');
  return numberedHeadingPattern.test(text) || headingOfLine(text) !== null;
}

function startsCaption(row: RegionRow): boolean {
  return row.lines.some((line) => line.role === 'caption' && captionLabelOf(line.text) !== null);
}

/** The rows next to a caption on one side, up to where the table ends. */
function walkRows(options: {
  rows: readonly RegionRow[];
  from: number;
  typography: Typography;
  windowWidth: number;
  edges: ReadonlyMap<string, ColumnEdges>;
}): RegionRow[] {
  const { rows, typography } = options;
  const accepted: RegionRow[] = [];
  let previousBaseline = options.from;
  for (let position = 0; position < rows.length; position += 1) {
    const row = rows[position];
    if (row === undefined) break;
    const gap = Math.abs(previousBaseline - row.baseline);
    const widest =
      typography.leading *
      (accepted.length === 0 ? widestCaptionGapLeadings : widestRowGapLeadings);
    if (gap > Math.max(widest, row.lines[0]!.fontSize * 2.2)) break;
    if (startsCaption(row) || isSectionHeadingRow(row, typography)) break;
    if (isProseRow(row, options.windowWidth, options.edges, typography)) {
      // A line of words inside a table (a group's title) has table rows after it; a header row
      // of words set across the column has a row of as many cells under it.
      const next = rows[position + 1];
      const isFollowedByRow =
        next !== undefined &&
        // A sentence's end is a cell's wrapped line only at a line's distance from the row above.
        (!endsSentence(row) || gap <= typography.leading * 1.5) &&
        (accepted.length > 0 || (cellCount(row) > 2 && cellCount(row) === cellCount(next))) &&
        cellCount(next) > 1 &&
        !isProseRow(next, options.windowWidth, options.edges, typography) &&
        Math.abs(row.baseline - next.baseline) <= typography.leading * widestRowGapLeadings;
      if (!isFollowedByRow) break;
    }
    accepted.push(row);
    previousBaseline = row.baseline;
  }
  return accepted;
}

/** How many rows hold two cells or more: 0 when the block is no table. */
function gridScore(rows: readonly RegionRow[]): number {
  const gridRows = rows.filter((row) => cellCount(row) > 1).length;
  return rows.length >= 2 && gridRows >= 2 ? gridRows : 0;
}

interface Candidate {
  label: string;
  caption: string;
  page: number;
  below: RegionRow[];
  above: RegionRow[];
}

function windowOf(
  caption: RoledLine,
  edges: ReadonlyMap<string, ColumnEdges>,
  box: PageBox | undefined,
): { left: number; right: number } {
  if (caption.column === 'full') return { left: box?.left ?? 0, right: box?.right ?? 612 };
  const column = edges.get(columnKey(caption));
  return {
    left: Math.min(column?.left ?? caption.left, caption.left) - caption.fontSize,
    right: Math.max(column?.right ?? caption.right, caption.right) + caption.fontSize,
  };
}

/** The table regions of a document, from its lines with roles (any order). */
export function findTableRegions(options: {
  lines: readonly RoledLine[];
  typography: Typography;
  edges: ReadonlyMap<string, ColumnEdges>;
  boxes: readonly PageBox[];
  /** Repairs words hyphenated at a caption's line ends. */
  evidence: HyphenationEvidence;
}): TableRegion[] {
  const { lines, typography } = options;
  const inCaption = new Set<RoledLine>();
  const starts: { line: RoledLine; block: RoledLine[] }[] = [];
  lines.forEach((line, position) => {
    if (!isTableCaptionStart(line, typography)) return;
    const block = captionBlock(lines, position);
    for (const member of block) inCaption.add(member);
    starts.push({ line, block });
  });
  if (starts.length === 0) return [];
  const linesByPage = new Map<number, RoledLine[]>();
  for (const line of lines) {
    // Other captions' words are no table rows (their first lines stay, to end a table).
    const isCaptionWords =
      line.role === 'caption' &&
      captionLabelOf(line.text) === null &&
      line.segments.length === 1 &&
      !hasRowNeighbour(line, lines);
    if (inCaption.has(line) || isCaptionWords) continue;
    const pageLines = linesByPage.get(line.page);
    if (pageLines === undefined) linesByPage.set(line.page, [line]);
    else pageLines.push(line);
  }
  const candidates: Candidate[] = starts.map(({ line, block }) => {
    const window = windowOf(line, options.edges, options.boxes[line.page - 1]);
    const windowWidth = window.right - window.left;
    const inWindow = (linesByPage.get(line.page) ?? []).filter((other) => {
      const center = (other.left + other.right) / 2;
      return center >= window.left && center <= window.right;
    });
    const top = block[0]?.baseline ?? line.baseline;
    const bottom = block[block.length - 1]?.baseline ?? line.baseline;
    const blockLeft = Math.min(...block.map((member) => member.left));
    const blockRight = Math.max(...block.map((member) => member.right));
    // Lines beside the caption (a caption set to the side of its table) count as below it.
    const isBeside = (other: RoledLine): boolean =>
      other.baseline < top + other.fontSize * 0.5 &&
      other.baseline > bottom - other.fontSize * 0.5 &&
      (other.right < blockLeft || other.left > blockRight);
    const below = walkRows({
      rows: rowsOfLines(
        inWindow.filter(
          (other) => other.baseline < bottom - other.fontSize * 0.5 || isBeside(other),
        ),
        'below',
      ),
      from: bottom,
      typography,
      windowWidth,
      edges: options.edges,
    });
    const above = walkRows({
      rows: rowsOfLines(
        inWindow.filter((other) => other.baseline > top + other.fontSize * 0.5),
        'above',
      ),
      from: top,
      typography,
      windowWidth,
      edges: options.edges,
    }).reverse();
    return {
      label: captionLabelOf(line.text) ?? /^\S+\s+\S+/u.exec(line.text)?.[0] ?? 'Table',
      caption: block
        .map((member) => member.text)
        .reduce((text, nextLine) =>
          joinWrappedLine({ text, nextLine, evidence: options.evidence }),
        ),
      page: line.page,
      below,
      above,
    };
  });
  return chooseSides(candidates);
}

/** Each caption's side (module comment), its rows, no line in two tables. */
function chooseSides(candidates: readonly Candidate[]): TableRegion[] {
  let votesBelow = 0;
  let votesAbove = 0;
  for (const candidate of candidates) {
    const below = gridScore(candidate.below);
    const above = gridScore(candidate.above);
    if (below > 0 && above === 0) votesBelow += 1;
    if (above > 0 && below === 0) votesAbove += 1;
  }
  const usualSide: Side = votesAbove > votesBelow ? 'above' : 'below';
  const sideOf = (candidate: Candidate): Side | null => {
    const below = gridScore(candidate.below);
    const above = gridScore(candidate.above);
    if (below === 0 && above === 0) return null;
    if (below === 0) return 'above';
    if (above === 0) return 'below';
    return usualSide;
  };
  const isAmbiguous = (candidate: Candidate): boolean =>
    gridScore(candidate.below) > 0 && gridScore(candidate.above) > 0;
  // The unambiguous captions claim their lines first.
  const order = [...candidates.keys()].sort(
    (first, second) =>
      Number(isAmbiguous(candidates[first]!)) - Number(isAmbiguous(candidates[second]!)) ||
      first - second,
  );
  const claimed = new Set<RoledLine>();
  const regions = new Map<number, TableRegion>();
  for (const index of order) {
    const candidate = candidates[index]!;
    const side = sideOf(candidate);
    if (side === null) continue;
    const sideRows = side === 'below' ? candidate.below : candidate.above;
    // Rows nearest the caption first: stop at the first row another table holds.
    const nearestFirst = side === 'below' ? sideRows : [...sideRows].reverse();
    const kept: RegionRow[] = [];
    for (const row of nearestFirst) {
      if (row.lines.some((line) => claimed.has(line))) break;
      kept.push(row);
    }
    const rows = side === 'below' ? kept : kept.reverse();
    if (gridScore(rows) === 0) continue;
    for (const row of rows) for (const line of row.lines) claimed.add(line);
    regions.set(index, {
      label: candidate.label,
      caption: candidate.caption,
      page: candidate.page,
      rows,
    });
  }
  return [...regions.entries()]
    .sort(([first], [second]) => first - second)
    .map(([, region]) => region);
}
