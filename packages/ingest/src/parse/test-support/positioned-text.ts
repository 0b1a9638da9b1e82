/** @module Test helper: positioned text items as pdfjs gives them, on a letter-size page. */
import type { PageBox, PositionedText } from '../pdf-text-extraction.js';

/** A letter-size page, in points. */
export const letter: PageBox = { left: 0, bottom: 0, right: 612, top: 792 };

/**
 * One positioned text item. Characters are half an em wide unless `width` says otherwise (a
 * justified line is stretched to the column's width); the font is `g_body` unless given.
 */
export function item(
  str: string,
  x: number,
  y: number,
  options: { size?: number; font?: string; width?: number } = {},
): PositionedText {
  const size = options.size ?? 10;
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width: options.width ?? str.length * size * 0.5,
    height: size,
    hasEOL: false,
    fontName: options.font ?? 'g_body',
  };
}
