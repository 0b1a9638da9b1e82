/**
 * @module Lines of a PDF page rebuilt from pdfjs text items. Items drawn one after another on the
 * same baseline join into a line; a raised or lowered item in a smaller size (a superscript
 * footnote mark, a subscript) joins the line it sits on instead of starting one of its own. Spaces
 * come from the gaps between items, never from pdfjs's own space items (some are drawn with no
 * width: "[ 12]"). A gap wider than about an em starts a new line, so that two columns or two table
 * cells on one baseline stay apart. Rotated text (arXiv's margin stamp, rotated axis labels) is
 * left out. A spacing accent drawn over a letter (TeX draws "¨" and "a" apart) becomes a combining
 * mark after that letter, also when an item ends in the accent and the next item starts back
 * under it ("Miło´" then "s": TeX's kern back to the accented letter). Text is made storable (storable-text.ts) as it is read.
 */
import type { PositionedText } from '../pdf-text-extraction.js';
import { combiningMarkOfAccent } from '../readable-text.js';
import { storableText } from '../storable-text.js';
import { unmappedLigatureOf } from './unmapped-ligatures.js';

/** One line of a page, in PDF user space (points; y grows upwards). */
export interface PdfLine {
  /** Page, from 1. */
  page: number;
  /** The line's text as drawn (ligatures and accents not yet made readable). */
  text: string;
  left: number;
  right: number;
  /** Baseline of the line's largest text. */
  baseline: number;
  /** Size of the font most of the line's characters are in. */
  fontSize: number;
  /** pdfjs's id of that font. */
  fontName: string;
  /** Starts with a raised mark in a smaller size: a footnote's number or symbol ("¹Note that"). */
  startsWithRaisedMark: boolean;
  /**
   * Stretches of the line between wide gaps (wider than most word spaces), left to right: table
   * cells, or the pieces of a left- and a right-column line drawn as one, which the column order
   * splits at the gutter. `text` is their texts joined by spaces.
   */
  segments: LineSegment[];
  /**
   * The words the line opens with in a font of their own, when the rest of the line is in another
   * font (a bold run-in heading: "Training Details We train …"); absent when one font runs on.
   */
  leadingRun?: LeadingRun;
}

export interface LeadingRun {
  /** The run's text, a prefix of the line's text as drawn. */
  text: string;
  fontName: string;
  /** The font most of the rest of the line is in. */
  restFontName: string;
}

export interface LineSegment {
  text: string;
  left: number;
  right: number;
  /** Size and font of most of the segment's characters. */
  fontSize: number;
  fontName: string;
}

interface Piece {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
  fontName: string;
  /** A spacing accent or combining mark drawn on its own. */
  isAccent: boolean;
}

/** Items this far apart (in ems of the larger size) on one baseline are separate lines. */
const lineSplitGapEms = 3;
/** A gap this wide (in ems) between items of a line separates two of its segments. */
const segmentGapEms = 0.8;
/** A gap wider than this (in ems of the smaller size) between two items is a space. */
const wordGapEms = 0.15;
/** Items whose baselines differ by less than this (ems of the larger size) share a line. */
const sameLineEms = 0.45;
/** Text rotated by more than this (|sin| of the angle) is not read. */
const rotationTolerance = 0.05;
const accentOnlyPattern = /^[\u0060\u00A8\u00AF\u00B4\u00B8\u02C6-\u02DD\u0300-\u036F]$/u;
/** A spacing accent ending an item (letters before it), which the next item may start under. */
const trailingAccentPattern = /\p{L}([\u00A8\u00AF\u00B4\u00B8\u02C6-\u02DD])$/u;
/** Items starting this far (ems) left of the previous one's end are drawn back over it. */
const backwardStepEms = 0.1;
const raisedMarkPattern = /^(?:\d{1,2}|[*∗⋆†‡§¶#♯♮♭]|[a-z])$/u;

function fontSizeOf(item: PositionedText): number {
  const [, , skewY = 0, scaleY = 0] = item.transform;
  return Math.hypot(skewY, scaleY) || Math.abs(item.height) || 1;
}

function isRotated(item: PositionedText): boolean {
  const [scaleX = 0, skewX = 0, skewY = 0, scaleY = 0] = item.transform;
  const scale = Math.max(Math.hypot(scaleX, skewX), Math.hypot(skewY, scaleY), 1e-6);
  return Math.abs(skewX) / scale > rotationTolerance || Math.abs(skewY) / scale > rotationTolerance;
}

function pieceOf(item: PositionedText): Piece | null {
  if (isRotated(item)) return null;
  const text = storableText(item.str);
  if (text.trim().length === 0) return null;
  const x = item.transform[4] ?? 0;
  return {
    text,
    x,
    right: x + Math.max(item.width, 0),
    y: item.transform[5] ?? 0,
    size: fontSizeOf(item),
    fontName: item.fontName,
    isAccent: accentOnlyPattern.test(text.trim()),
  };
}

/** The piece's text with each accent that sits over one of its letters put after that letter. */
function textWithAccents(piece: Piece, accents: readonly Piece[]): string {
  const characters = [...piece.text];
  const marks = new Map<number, string>();
  for (const accent of accents) {
    const center = (accent.x + accent.right) / 2;
    const share = (center - piece.x) / Math.max(piece.right - piece.x, 1e-6);
    let position = Math.min(
      characters.length - 1,
      Math.max(0, Math.floor(share * characters.length)),
    );
    // An accent goes on a letter: step off a space or punctuation the estimate landed on.
    while (position > 0 && !/\p{L}/u.test(characters[position] ?? '')) position -= 1;
    const mark = combiningMarkOfAccent(accent.text.trim());
    marks.set(position, (marks.get(position) ?? '') + mark);
  }
  return characters.map((character, position) => character + (marks.get(position) ?? '')).join('');
}

function dominant<Key>(pieces: readonly Piece[], keyOf: (piece: Piece) => Key): Key | undefined {
  const weights = new Map<Key, number>();
  for (const piece of pieces) {
    const key = keyOf(piece);
    weights.set(key, (weights.get(key) ?? 0) + piece.text.trim().length);
  }
  let best: Key | undefined;
  let bestWeight = -1;
  for (const [key, weight] of weights) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  return best;
}

/** The line's opening stretch of pieces in one font, when other fonts follow it (see PdfLine). */
function leadingRunOf(pieces: readonly Piece[]): LeadingRun | undefined {
  const [first] = pieces;
  if (first === undefined) return undefined;
  const length = pieces.findIndex((piece) => piece.fontName !== first.fontName);
  if (length <= 0) return undefined;
  let text = '';
  for (const [position, piece] of pieces.slice(0, length).entries()) {
    const previous = pieces[position - 1];
    const gap = previous === undefined ? 0 : piece.x - previous.right;
    const isSpaced =
      previous !== undefined && gap > Math.min(piece.size, previous.size) * wordGapEms;
    text += (isSpaced ? ' ' : '') + piece.text;
  }
  const restFontName = dominant(pieces.slice(length), (piece) => piece.fontName) ?? '';
  return { text: text.replace(/\s+/gu, ' ').trim(), fontName: first.fontName, restFontName };
}

/** A footnote's mark may follow a full stop or comma (sentence punctuation, a closing quote or bracket). */
const markablePunctuationPattern = /[.,;:!?]["'\u2019\u201D)\]]?$/u;

/**
 * A raised mark in a smaller size right after sentence punctuation ("… the Reddit platform.²"): a
 * footnote's mark, which is left out so that it does not glue onto the next sentence ("platform.2
 * Del Tredici"). Marks after a word stay (they may be exponents).
 */
function isMarkAfterPunctuation(piece: Piece, previous: Piece, segment: { text: string }): boolean {
  return (
    piece.size < previous.size * 0.85 &&
    piece.y > previous.y + previous.size * 0.1 &&
    /^(?:\d{1,2}|[*∗⋆†‡§¶])$/u.test(piece.text.trim()) &&
    markablePunctuationPattern.test(segment.text.trimEnd())
  );
}

/** Builds a line from pieces of one baseline, in drawing order. */
function lineOf(pieces: readonly Piece[], page: number): PdfLine | null {
  const letters = pieces.filter((piece) => !piece.isAccent);
  if (letters.length === 0) return null;
  const accentsByPiece = new Map<Piece, Piece[]>();
  const looseAccents: Piece[] = [];
  for (const accent of pieces.filter((piece) => piece.isAccent)) {
    const center = (accent.x + accent.right) / 2;
    const under = letters.find((piece) => piece.x <= center && center <= piece.right);
    if (under === undefined) looseAccents.push(accent);
    else accentsByPiece.set(under, [...(accentsByPiece.get(under) ?? []), accent]);
  }
  const shown = pieces.filter((piece) => !piece.isAccent || looseAccents.includes(piece));
  const segments: LineSegment[] = [];
  let segment: (LineSegment & { pieces: Piece[] }) | null = null;
  let previous: Piece | null = null;
  const endSegment = (): void => {
    if (segment === null) return;
    const { pieces: segmentPieces, ...rest } = segment;
    segments.push({
      ...rest,
      fontSize: dominant(segmentPieces, (piece) => Math.round(piece.size * 10) / 10) ?? 1,
      fontName: dominant(segmentPieces, (piece) => piece.fontName) ?? '',
    });
  };
  for (const piece of shown) {
    if (previous !== null && segment !== null && isMarkAfterPunctuation(piece, previous, segment)) {
      continue;
    }
    let pieceText = textWithAccents(piece, accentsByPiece.get(piece) ?? []);
    const gap = previous === null ? 0 : piece.x - previous.right;
    const trailingAccent = segment === null ? null : trailingAccentPattern.exec(segment.text);
    if (
      segment !== null &&
      trailingAccent?.[1] !== undefined &&
      gap < -piece.size * backwardStepEms
    ) {
      // The accent was drawn, then the pen stepped back: it sits over this item's first letter.
      const [firstLetter = '', ...restLetters] = [...pieceText];
      if (/\p{L}/u.test(firstLetter)) {
        segment.text = segment.text.slice(0, -1);
        pieceText = firstLetter + combiningMarkOfAccent(trailingAccent[1]) + restLetters.join('');
      }
    }
    if (segment === null || gap > Math.max(piece.size, previous?.size ?? 0) * segmentGapEms) {
      endSegment();
      segment = {
        text: pieceText,
        left: piece.x,
        right: piece.right,
        fontSize: piece.size,
        fontName: piece.fontName,
        pieces: [piece],
      };
    } else {
      segment.pieces.push(piece);
      const needsSpace =
        previous !== null &&
        gap > Math.min(piece.size, previous.size) * wordGapEms &&
        !/\s$/u.test(segment.text) &&
        !/^\s/u.test(pieceText);
      segment.text += (needsSpace ? ' ' : '') + pieceText;
      segment.left = Math.min(segment.left, piece.x);
      segment.right = Math.max(segment.right, piece.right);
    }
    previous = piece;
  }
  endSegment();
  const cleanSegments = segments
    .map((part) => ({ ...part, text: part.text.trim() }))
    .filter((part) => part.text.length > 0);
  const text = cleanSegments.map((part) => part.text).join(' ');
  const fontSize = dominant(letters, (piece) => Math.round(piece.size * 10) / 10) ?? 1;
  const largest = letters.reduce((best, piece) => (piece.size > best.size ? piece : best));
  const [first, second] = letters;
  const startsWithRaisedMark =
    first !== undefined &&
    second !== undefined &&
    first.size < largest.size * 0.85 &&
    first.y > largest.y + largest.size * 0.1 &&
    raisedMarkPattern.test(first.text.trim());
  const leadingRun = leadingRunOf(letters);
  return {
    page,
    text,
    left: Math.min(...letters.map((piece) => piece.x)),
    right: Math.max(...letters.map((piece) => piece.right)),
    baseline: largest.y,
    fontSize,
    fontName: dominant(letters, (piece) => piece.fontName) ?? '',
    startsWithRaisedMark,
    segments: cleanSegments,
    ...(leadingRun === undefined ? {} : { leadingRun }),
  };
}

/**
 * The lines of one page, in the order the PDF draws them: each item joins the line being built
 * when it sits on that line's baseline (a smaller raised or lowered item included) and starts no
 * more than about an em after its end, and no further back than about an em (an accent drawn over
 * the letter before it).
 */
export function linesOfPdfPage(options: {
  items: readonly PositionedText[];
  page: number;
}): PdfLine[] {
  const lines: PdfLine[] = [];
  let pieces: Piece[] = [];
  let baseline = 0;
  let lineSize = 0;
  let lineRight = 0;
  const endLine = (): void => {
    const line = lineOf(pieces, options.page);
    if (line !== null && line.text.length > 0) lines.push(line);
    pieces = [];
  };
  for (const [position, item] of options.items.entries()) {
    const unmapped = unmappedLigatureOf(options.items, position);
    const piece = pieceOf(unmapped === null ? item : { ...item, str: unmapped });
    if (piece === null) continue;
    if (pieces.length > 0) {
      const reference = Math.max(lineSize, piece.size);
      const gap = piece.x - lineRight;
      const isSameLine =
        Math.abs(piece.y - baseline) <= reference * sameLineEms &&
        gap <= reference * lineSplitGapEms &&
        gap >= -reference * lineSplitGapEms;
      if (!isSameLine) endLine();
    }
    if (pieces.length === 0) {
      baseline = piece.y;
      lineSize = piece.size;
      lineRight = piece.right;
    } else if (piece.size > lineSize * 1.2) {
      // A larger item sets the baseline (a line that starts with a small raised mark).
      baseline = piece.y;
      lineSize = piece.size;
    }
    pieces.push(piece);
    lineRight = Math.max(lineRight, piece.right);
  }
  endLine();
  return lines;
}
