/**
 * @module The rows of a table region (table-regions.ts) as searchable units. Cells are the
 * stretches of a row's lines between wide gaps; columns are where the body rows' cells overlap
 * (a cell wider than most spans several and is left out of the measure); the header is the rows
 * above the first row with a number past its first cell (the first row when no row has one, or
 * when it is headed "Method", "Model" and the like over sizes such as "410M"), each column headed
 * by the header cells over it, top to bottom. A stretch of a label and numbers drawn too close to
 * read as cells ("wordGLEU 0.696 0.445") is split into one cell per number. A body row with a
 * single word cell is the title of the group of rows under it ("Supervised", "TADPOLE: …
 * subgroup").
 *
 * Each body row becomes one sentence that carries what it needs to be understood alone:
 * "Table 2: Yammer Riak production latencies. · 99.9 · Read Latency (ms) 32.89 · Write Latency (ms)
 * 435.83" (label and the caption's first sentence, the group, the row label, then each header
 * with its cell), with the row's box on its page so the reader can mark it on the PDF.
 */
import { readableText } from '../readable-text.js';
import type { RegionRow, TableRegion } from './table-regions.js';
import { isNumericCell } from './table-regions.js';

/** A row's box in PDF user space (points, y upwards). */
export interface RowBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface TableRowLayout {
  /** The sentence stored for the row. */
  text: string;
  /** One text per column ('' where the row has no cell there). */
  cells: string[];
  page: number;
  box: RowBox;
}

export interface TableLayout {
  /** "Table 2". */
  label: string;
  caption: string;
  page: number;
  /** The header of each column ('' when it has none). */
  columns: string[];
  rows: TableRowLayout[];
}

interface Cell {
  text: string;
  left: number;
  right: number;
}

interface Span {
  left: number;
  right: number;
}

/** The caption's first sentence, without its label, at most about 160 characters. */
function captionHead(caption: string, label: string): string {
  const rest = caption
    .slice(label.length)
    .replace(/^[\s:.|—–-]+/u, '')
    .trim();
  const end = /[.!?](?=\s+\p{Lu}|\s*$)/u.exec(rest);
  const sentence = end === null ? rest : rest.slice(0, end.index + 1);
  if (sentence.length <= 160) return sentence;
  const cut = sentence.slice(0, 160);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100))} …`;
}

/** A number with its spread ("0.60 ± 0.18", "-0.32 ±0.29*") is one value; else a word. */
const valueOrWord = /[^\s±]+\s*±\s*[^\s±]+|\S+/gu;

/**
 * A stretch that holds a row label and its numbers, or numbers only, drawn too close to read as
 * cells ("wordGLEU 0.696 0.445 0.870", "Linear 0.60 ± 0.18 0.11 ± 0.22*"): one cell per number
 * (with its spread), placed by its share of the characters.
 */
function splitNumberRun(cell: Cell): Cell[] {
  const tokens = [...cell.text.matchAll(valueOrWord)];
  const firstNumber = tokens.findIndex((token) => isNumericCell(token[0]));
  if (firstNumber < 0) return [cell];
  const numbers = tokens.slice(firstNumber);
  if (
    numbers.length < 2 ||
    !numbers.every((token) => /\d/u.test(token[0]) && isNumericCell(token[0]))
  )
    return [cell];
  const perCharacter = (cell.right - cell.left) / Math.max(cell.text.length, 1);
  const at = (offset: number): number => cell.left + offset * perCharacter;
  const label = firstNumber > 0 ? cell.text.slice(0, numbers[0]!.index).trim() : '';
  return [
    ...(label === '' ? [] : [{ text: label, left: cell.left, right: at(label.length) }]),
    ...numbers.map((token) => ({
      text: token[0],
      left: at(token.index),
      right: at(token.index + token[0].length),
    })),
  ];
}

function cellsOf(row: RegionRow): Cell[] {
  return row.lines
    .flatMap((line) =>
      line.segments.map((segment) => ({
        text: readableText(segment.text).trim(),
        left: segment.left,
        right: segment.right,
      })),
    )
    .filter((cell) => cell.text.length > 0)
    .flatMap(splitNumberRun)
    .sort((first, second) => first.left - second.left);
}

function overlap(first: Span, second: Span): number {
  return Math.min(first.right, second.right) - Math.max(first.left, second.left);
}

/** Column spans from the cells of the body rows: overlapping cells share a column. */
function columnSpans(bodyRows: readonly Cell[][]): Span[] {
  const cells = bodyRows.flat();
  const tableLeft = Math.min(...cells.map((cell) => cell.left));
  const tableRight = Math.max(...cells.map((cell) => cell.right));
  const narrow = cells.filter(
    (cell) => cell.right - cell.left <= (tableRight - tableLeft) * 0.4 || cells.length < 3,
  );
  const sorted = [...(narrow.length > 0 ? narrow : cells)].sort(
    (first, second) => first.left - second.left,
  );
  const spans: Span[] = [];
  for (const cell of sorted) {
    const last = spans[spans.length - 1];
    if (last !== undefined && cell.left <= last.right)
      last.right = Math.max(last.right, cell.right);
    else spans.push({ left: cell.left, right: cell.right });
  }
  return spans;
}

/** The column a cell belongs to: the one it overlaps most, else the nearest. */
function columnOf(cell: Cell, spans: readonly Span[]): number {
  let best = 0;
  let bestScore = -Infinity;
  spans.forEach((span, position) => {
    const score = overlap(cell, span);
    if (score > bestScore) {
      best = position;
      bestScore = score;
    }
  });
  return best;
}

/** The words that head a table's column of row labels. */
const headerWordPattern =
  /^(?:methods?|models?|approach(?:es)?|systems?|baselines?|datasets?|metrics?|settings?|tasks?|names?|types?|configurations?|architectures?|algorithms?|variants?|features?|#)$/i;

function hasNumberPastFirstCell(cells: readonly Cell[]): boolean {
  return cells.slice(1).some((cell) => isNumericCell(cell.text));
}

function boxOf(row: RegionRow): RowBox {
  const size = Math.max(...row.lines.map((line) => line.fontSize));
  return {
    left: Math.min(...row.lines.map((line) => line.left)),
    right: Math.max(...row.lines.map((line) => line.right)),
    bottom: Math.min(...row.lines.map((line) => line.baseline)) - size * 0.3,
    top: Math.max(...row.lines.map((line) => line.baseline)) + size * 0.9,
  };
}

function roundBox(box: RowBox): RowBox {
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    left: round(box.left),
    bottom: round(box.bottom),
    right: round(box.right),
    top: round(box.top),
  };
}

/** The table of a region: its columns' headers and one sentence per body row. */
export function tableOfRegion(region: TableRegion): TableLayout | null {
  const cellRows = region.rows.map(cellsOf);
  let headerCount = cellRows.findIndex(hasNumberPastFirstCell);
  if (headerCount < 0) headerCount = cellRows.length > 2 ? 1 : 0;
  // A first row headed "Method" or "Model" is the header, even over sizes ("410M", "1.4B").
  if (
    headerCount === 0 &&
    cellRows.length > 2 &&
    headerWordPattern.test(cellRows[0]?.[0]?.text ?? '')
  )
    headerCount = 1;
  // One cell right above the first body row, under a header: the title of the first group.
  if (headerCount > 1 && cellRows[headerCount - 1]?.length === 1) headerCount -= 1;
  const headerRows = cellRows.slice(0, headerCount);
  const bodyRows = cellRows.slice(headerCount);
  const gridRows = bodyRows.filter((cells) => cells.length > 1);
  if (gridRows.length === 0) return null;
  const spans = columnSpans(gridRows);
  const columns = spans.map((span) =>
    headerRows
      .map((cells) =>
        cells
          .filter((cell) => overlap(cell, span) > 0)
          .map((cell) => cell.text)
          .join(' '),
      )
      .filter((text) => text.length > 0)
      .join(' '),
  );
  const head = captionHead(region.caption, region.label);
  const drafts: { group: string; texts: string[]; rows: RegionRow[] }[] = [];
  let group = '';
  bodyRows.forEach((cells, position) => {
    const regionRow = region.rows[headerCount + position];
    if (regionRow === undefined) return;
    const [only] = cells;
    const previous = drafts[drafts.length - 1];
    if (cells.length === 1 && only !== undefined && !isNumericCell(only.text)) {
      // A label wrapped onto the next line ("Match between system and the" / "real world").
      const isWrappedLabel =
        previous !== undefined &&
        (/^\p{Ll}/u.test(only.text) || /[-,]$/u.test(previous.texts[0] ?? ''));
      if (isWrappedLabel) {
        previous.texts[0] = `${previous.texts[0] ?? ''} ${only.text}`.trim();
        previous.rows.push(regionRow);
      } else {
        group = only.text;
      }
      return;
    }
    const byColumn = spans.map(() => [] as string[]);
    for (const cell of cells) byColumn[columnOf(cell, spans)]?.push(cell.text);
    const texts = byColumn.map((parts) => parts.join(' '));
    // A row without its own label (a label set once for several rows) takes the one above.
    if (texts[0] === '' && previous !== undefined) texts[0] = previous.texts[0] ?? '';
    drafts.push({ group, texts, rows: [regionRow] });
  });
  const rows = drafts.map((draft): TableRowLayout => {
    const [label = '', ...cellTexts] = draft.texts;
    const values = cellTexts
      .map((text, column) => (text === '' ? '' : `${columns[column + 1] ?? ''} ${text}`.trim()))
      .filter((text) => text.length > 0);
    const parts = [`${region.label}: ${head}`.trim(), draft.group, label, ...values].filter(
      (part) => part.length > 0,
    );
    const boxes = draft.rows.map(boxOf);
    return {
      text: parts.join(' · '),
      cells: draft.texts,
      page: region.page,
      box: roundBox({
        left: Math.min(...boxes.map((box) => box.left)),
        bottom: Math.min(...boxes.map((box) => box.bottom)),
        right: Math.max(...boxes.map((box) => box.right)),
        top: Math.max(...boxes.map((box) => box.top)),
      }),
    };
  });
  if (rows.length === 0) return null;
  return { label: region.label, caption: region.caption, page: region.page, columns, rows };
}
