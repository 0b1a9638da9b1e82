/**
 * @module Page furniture: the text a PDF repeats around its pages, which is never part of the
 * paper's running text. Margin line numbers of review copies (a column of numbers at one x down
 * the page), running heads and feet (a line at the top or bottom of the page whose text, digits
 * aside, comes back on other pages at about the same height) and page numbers (a number alone,
 * "Page 3" or "3 of 12" at the top or bottom of the page, or above a wide bottom margin at the
 * same height on other pages).
 */
import type { PageBox } from '../pdf-text-extraction.js';
import type { PdfLine } from './pdf-lines.js';

/** Numbers at one x on one page, at least this many, are margin line numbers. */
const fewestLineNumbers = 5;
/** Share of the page height at its top and its bottom where a page number alone is looked for. */
const marginShare = 0.09;
/**
 * Share where running heads and feet are looked for: wider, since they must also come back at the
 * same height on another page (ACM sets its running head 10% down the page, Springer's LNCS on
 * letter paper 12.6%: its wide margins hold the head low).
 */
const repeatMarginShare = 0.15;
/** Running heads and feet sit within this many points of each other from page to page. */
const heightTolerance = 6;
/** How many rows of text at each end of a page may be running heads or feet. */
const outermostRows = 3;
const lineNumberPattern = /^\d{1,4}$/u;
const pageNumberPattern =
  /^(?:(?:page|p\.)\s*)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|\/)\s*\d{1,4})?$/iu;

/** Largest step between two printed margin line numbers (every tenth line numbered). */
const largestLineNumberStep = 10;

/** The most common difference between neighbouring numbers, when it is a plausible step; else 1. */
function lineNumberStep(differences: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const difference of differences) counts.set(difference, (counts.get(difference) ?? 0) + 1);
  let step = 1;
  let most = 0;
  for (const [difference, count] of counts) {
    if (difference >= 1 && difference <= largestLineNumberStep && count > most) {
      step = difference;
      most = count;
    }
  }
  return step;
}

interface TextEdges {
  left: number;
  right: number;
}

/** The leftmost start and rightmost end of each page's lines that are not bare numbers. */
function textEdgesByPage(lines: readonly PdfLine[]): Map<number, TextEdges> {
  const edges = new Map<number, TextEdges>();
  for (const line of lines) {
    if (lineNumberPattern.test(line.text)) continue;
    const known = edges.get(line.page);
    edges.set(line.page, {
      left: Math.min(known?.left ?? line.left, line.left),
      right: Math.max(known?.right ?? line.right, line.right),
    });
  }
  return edges;
}

/** Whether a column of numbers stands wholly left or wholly right of its page's text. */
function isOutsideText(column: readonly PdfLine[], edges: TextEdges | undefined): boolean {
  if (edges === undefined) return true;
  return (
    column.every((line) => line.right <= edges.left) ||
    column.every((line) => line.left >= edges.right)
  );
}

/** The lines of every page that are margin line numbers. */
function lineNumbersOf(lines: readonly PdfLine[]): Set<PdfLine> {
  const found = new Set<PdfLine>();
  const byColumn = new Map<string, PdfLine[]>();
  for (const line of lines) {
    if (!lineNumberPattern.test(line.text)) continue;
    const key = `${line.page}:${Math.round(line.right / 4)}`;
    byColumn.set(key, [...(byColumn.get(key) ?? []), line]);
  }
  const textEdges = textEdgesByPage(lines);
  for (const column of byColumn.values()) {
    if (column.length < fewestLineNumbers) continue;
    // Numbered lines count up (or down) the page: most neighbours in height order differ by the
    // numbering's step (1, or 5 or 10 where only every fifth or tenth line is numbered), a few
    // by two or three steps (lines the numbering skips: a display, a heading).
    const ordered = [...column].sort((first, second) => second.baseline - first.baseline);
    const differences = ordered
      .slice(1)
      .map((line, position) => Math.abs(Number(line.text) - Number(ordered[position]?.text ?? 0)));
    const step = lineNumberStep(differences);
    const steps = differences.filter(
      (difference) => difference % step === 0 && difference >= step && difference <= step * 3,
    ).length;
    // Numbers every fifth or tenth line must stand outside the text (a table column can count
    // in fives); every line numbered is a ruler no table column imitates.
    if (step > 1 && !isOutsideText(column, textEdges.get(column[0]?.page ?? 0))) continue;
    if (steps >= differences.length * 0.6) for (const line of column) found.add(line);
  }
  return found;
}

/** The text of a line with its digits made one mark, so "Page 3" and "Page 4" compare equal. */
function repeatKey(line: PdfLine): string {
  return line.text.toLowerCase().replace(/\d+/gu, '#').replace(/\s+/gu, '');
}

function isInMargin(line: PdfLine, box: PageBox, share: number): boolean {
  const height = box.top - box.bottom;
  return line.baseline > box.top - height * share || line.baseline < box.bottom + height * share;
}

/** Lines among the few highest or lowest of their page: only those can be running heads or feet. */
function outermostLines(lines: readonly PdfLine[]): Set<PdfLine> {
  const byPage = new Map<number, PdfLine[]>();
  for (const line of lines) byPage.set(line.page, [...(byPage.get(line.page) ?? []), line]);
  const found = new Set<PdfLine>();
  for (const pageLines of byPage.values()) {
    const heights = [...new Set(pageLines.map((line) => Math.round(line.baseline)))].sort(
      (first, second) => first - second,
    );
    const lowest = heights[Math.min(outermostRows, heights.length) - 1] ?? -Infinity;
    const highest = heights[Math.max(heights.length - outermostRows, 0)] ?? Infinity;
    for (const line of pageLines) {
      const height = Math.round(line.baseline);
      if (height <= lowest || height >= highest) found.add(line);
    }
  }
  return found;
}

/** Lines at the top or bottom of a page that repeat on other pages, and page numbers there. */
function runningHeadsAndFeetOf(options: {
  lines: readonly PdfLine[];
  boxes: readonly PageBox[];
}): Set<PdfLine> {
  const found = new Set<PdfLine>();
  const outermost = outermostLines(options.lines);
  const inMargin = (line: PdfLine, share = marginShare): boolean => {
    const box = options.boxes[line.page - 1];
    return box !== undefined && isInMargin(line, box, share);
  };
  // A page number set higher than the margin (a wide bottom margin) counts when it comes back at
  // the same height on another page, as running feet do.
  const candidates = options.lines.filter(
    (line) =>
      outermost.has(line) &&
      (inMargin(line, repeatMarginShare) || pageNumberPattern.test(line.text.trim())),
  );
  const pagesByKey = new Map<string, PdfLine[]>();
  for (const line of candidates) {
    if (pageNumberPattern.test(line.text.trim()) && inMargin(line)) {
      found.add(line);
      continue;
    }
    // Past the narrow margin only the very same text counts (digits included): body lines that
    // differ only in their numbers are not running heads.
    const key =
      inMargin(line) || pageNumberPattern.test(line.text.trim())
        ? repeatKey(line)
        : `=${line.text.replace(/\s+/gu, '')}`;
    pagesByKey.set(key, [...(pagesByKey.get(key) ?? []), line]);
  }
  for (const group of pagesByKey.values()) {
    for (const line of group) {
      const otherPages = new Set(
        group
          .filter(
            (other) =>
              other.page !== line.page &&
              Math.abs(other.baseline - line.baseline) <= heightTolerance,
          )
          .map((other) => other.page),
      );
      if (otherPages.size >= 1) found.add(line);
    }
  }
  return found;
}

/** The lines of a document with margin line numbers, running heads and feet and page numbers taken out. */
export function withoutPageFurniture(options: {
  lines: readonly PdfLine[];
  boxes: readonly PageBox[];
}): PdfLine[] {
  const lineNumbers = lineNumbersOf(options.lines);
  const rest = options.lines.filter((line) => !lineNumbers.has(line));
  const headsAndFeet = runningHeadsAndFeetOf({ lines: rest, boxes: options.boxes });
  return rest.filter((line) => !headsAndFeet.has(line));
}
