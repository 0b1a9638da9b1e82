/**
 * @module Section headings among a PDF's laid-out lines (line-roles.ts gives each line its role):
 * a line that reads as a heading by its words and font (`isHeadingLine`), an unnumbered one set
 * apart in a font of its own (`isUnnumberedHeading`), a numbered one in capitals centred in its
 * column in the body's own font (`isCentredCapitalsHeading`, IEEE's "II. RELATED WORKS" where the
 * PDF draws small capitals as capitals of the body font), and a heading-like line that runs on into
 * the text (`runsIntoText`), which is none.
 */
import { headingOfLine } from '../plain-text-layout.js';
import type { PlacedLine } from './column-order.js';
import { columnKey, fontKey } from './page-geometry.js';
import type { ColumnEdges, Typography } from './page-geometry.js';

export const numberedHeadingPattern =
  /^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.(?:\d+\.?)*|[A-Z](?:\.\d+)+\.?|Appendix\s+[A-Z0-9]+[:.]?)\s+\S/u;
/** The bibliography's heading, a heading in any font or size (BMC sets it small). */
const referencesHeadingPattern =
  /^(?:(?:\d+|[IVXLC]+)\.?\s+)?(?:references|bibliography|literature cited)$/iu;
/** A citation in brackets: "(Ye et al., 2023)", "(Napoles et al., 2015, 2016a)", "[12]". */
const citationPattern =
  /\((?:[^()]*?\b(?:1[89]|20)\d{2}[a-z]?)+\)|\[\d{1,3}(?:[,–-]\s*\d{1,3})*\]/gu;
/** A word of three letters or more. */
const wordPattern = /\p{L}{3,}/u;
export const longestHeadingWords = 14;
/** Most words of a centred heading in capitals. */
const longestCentredHeadingWords = 8;

export interface HeadingContext {
  lines: readonly PlacedLine[];
  position: number;
  typography: Typography;
  edges: ReadonlyMap<string, ColumnEdges>;
}

/** Whether a line's letters are all capitals ("I. INTRODUCTION" in small capitals). */
function isAllCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
}

/**
 * Whether a line reads as a section heading, from its words and font: a named heading
 * ("Introduction", "References") or a numbered one ("3.2 Results", "II. METHOD", "A. Setup") in a
 * font other than the body's, not smaller than the body (small capitals aside); in a PDF with a
 * single font, a named or numbered heading by its words alone.
 */
export function isHeadingLine(line: PlacedLine, typography: Typography): boolean {
  const text = line.text.trim();
  const words = text.split(/\s+/u);
  if (words.length > longestHeadingWords || text.length > 120) return false;
  if (/[,;\-‐]$/u.test(text) || !wordPattern.test(text)) return false;
  if (typography.isSingleFont || referencesHeadingPattern.test(text)) {
    return headingOfLine(text) !== null;
  }
  const isBodyFont = fontKey(line) === typography.bodyFont;
  const isSmallCapitals = isAllCapitals(text) && line.fontSize >= typography.bodySize * 0.7;
  if (line.fontSize < typography.bodySize * 0.95 && !isSmallCapitals) return false;
  if (isBodyFont && !(isSmallCapitals && line.fontSize < typography.bodySize * 0.95)) return false;
  if (headingOfLine(text) !== null) return true;
  if (numberedHeadingPattern.test(text)) {
    // A heading's words are mostly letters: "2 Xi,k ∗Yj,l" is an equation in a math font, and an
    // algorithm's numbered lines start lower-case ("2 repeat", "6 end").
    const rest = text.replace(/^\S+\s+/u, '');
    // A citation is words, not math: "2.4 CLEME (Ye et al., 2023)" names a method and its paper.
    const visible = text.replace(citationPattern, '').replace(/\s+/gu, '');
    const letters = visible.replace(/[^\p{L}]/gu, '').length;
    return /^[\p{Lu}\d]/u.test(rest) && letters >= visible.length * 0.6 && !/[.:]\s*$/u.test(rest);
  }
  return false;
}

/**
 * Whether an unnumbered line stands as a heading in its context: in a font other than the body's
 * and not smaller, a few words starting with a capital and ending without punctuation, set apart
 * from the text above and followed closely by body text ("Petition analysis").
 */
export function isUnnumberedHeading(options: HeadingContext): boolean {
  const { lines, position, typography } = options;
  const line = lines[position];
  const next = lines[position + 1];
  if (line === undefined || next === undefined || next.run !== line.run) return false;
  const text = line.text.trim();
  if (typography.isSingleFont || fontKey(line) === typography.bodyFont) return false;
  if (line.fontSize < typography.bodySize * 0.98 || text.split(/\s+/u).length > 10) return false;
  if (!/^\p{Lu}/u.test(text) || /[.,;:!?\-‐]$/u.test(text) || !wordPattern.test(text)) return false;
  const visible = text.replace(/\s+/gu, '');
  if (visible.replace(/[^\p{L}]/gu, '').length < visible.length * 0.75) return false;
  const edges = options.edges.get(columnKey(line));
  if (edges !== undefined && line.right > edges.right - typography.bodySize * 2) return false;
  const isSetApart = gapAbove(lines, position) > typography.leading * 1.3;
  // ... by a line of running text, not by a table's first row.
  const isNextWide =
    edges === undefined || next.right - next.left >= (edges.right - edges.left) * 0.6;
  const isFollowedByBody =
    fontKey(next) === typography.bodyFont &&
    isNextWide &&
    line.baseline - next.baseline < Math.max(typography.leading, line.fontSize) * 2.2;
  return isSetApart && isFollowedByBody;
}

/**
 * A heading line that runs into the text after it is no heading: it reaches the column's right
 * edge and the next line follows at the body's spacing ("1 Visibility of the System Status: Refers
 * to …").
 */
export function runsIntoText(options: HeadingContext): boolean {
  const { lines, position, typography } = options;
  const line = lines[position];
  const next = lines[position + 1];
  if (line === undefined || next === undefined || next.run !== line.run) return false;
  const edges = options.edges.get(columnKey(line));
  const reachesEdge = edges !== undefined && line.right >= edges.right - typography.bodySize;
  return (
    reachesEdge &&
    line.fontSize <= typography.bodySize * 1.05 &&
    line.baseline - next.baseline <= typography.leading * 1.25
  );
}

export function gapAbove(lines: readonly PlacedLine[], position: number): number {
  const line = lines[position];
  const previous = lines[position - 1];
  if (line === undefined || previous === undefined || previous.run !== line.run) return Infinity;
  return previous.baseline - line.baseline;
}

/**
 * A numbered heading in capitals ("II. RELATED WORKS", "IV. PROPOSED SCHEME"), in the body's font
 * and size, centred in its column: both its margins at least two ems and within an em and a half
 * of each other. Running text is neither in capitals nor centred.
 */
export function isCentredCapitalsHeading(options: HeadingContext): boolean {
  const { typography } = options;
  const line = options.lines[options.position];
  const edges = line === undefined ? undefined : options.edges.get(columnKey(line));
  if (line === undefined || edges === undefined) return false;
  const text = line.text.trim();
  if (text.split(/\s+/u).length > longestCentredHeadingWords || !isAllCapitals(text)) return false;
  if (!numberedHeadingPattern.test(text) || !wordPattern.test(text) || /[.:,;]$/u.test(text)) {
    return false;
  }
  const leftMargin = line.left - edges.left;
  const rightMargin = edges.right - line.right;
  return (
    leftMargin >= typography.bodySize * 2 &&
    rightMargin >= typography.bodySize * 2 &&
    Math.abs(leftMargin - rightMargin) <= typography.bodySize * 1.5
  );
}
