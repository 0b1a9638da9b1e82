import { describe, expect, it } from 'vitest';
import type { PositionedText } from '../pdf-text-extraction.js';
import { linesOfPdfPage } from './pdf-lines.js';
import { unmappedLigatureOf } from './unmapped-ligatures.js';

/** An item at x whose width is `width` points. */
function item(str: string, x: number, width: number, fontName = 'g_body'): PositionedText {
  return { str, transform: [10, 0, 0, 10, x, 500], width, height: 10, hasEOL: false, fontName };
}

const vocabulary = new Set(['effort', 'efficacy', 'difficult', 'flow']);

describe('unmappedLigatureOf', () => {
  it('spells a control character or an arrow set flush between letters as the ligature of a word', () => {
    const effort = [
      item('extra e', 100, 30),
      item('\u21B5', 130, 6, 'g_lig'),
      item('ort', 136, 15),
    ];
    expect(unmappedLigatureOf(effort, 1, vocabulary)).toBe('ff');
    const efficacy = [
      item('the e', 100, 20),
      item('\u0000', 120, 8, 'g_lig'),
      item('cacy', 128, 20),
    ];
    expect(unmappedLigatureOf(efficacy, 1, vocabulary)).toBe('ffi');
  });

  it('leaves a glyph with space around it, one before a capital, one making no word, and text', () => {
    const apart = [item('di', 100, 10), item('\u0000', 115, 6), item('cult', 126, 20)];
    expect(unmappedLigatureOf(apart, 1, vocabulary)).toBeNull();
    const capital = [item('di', 100, 10), item('\u0000', 110, 6), item('Cult', 116, 20)];
    expect(unmappedLigatureOf(capital, 1, vocabulary)).toBeNull();
    const math = [item('σ', 100, 5), item('\u0000', 105, 6), item('β', 111, 5)];
    expect(unmappedLigatureOf(math, 1, vocabulary)).toBeNull();
    const letters = [item('a', 100, 5), item('b', 105, 5), item('c', 110, 5)];
    expect(unmappedLigatureOf(letters, 1, vocabulary)).toBeNull();
  });

  it('gives the line its word whole, with the shipped vocabulary', () => {
    const items = [
      item('We found it di', 100, 60),
      item('\u0000', 160, 8, 'g_lig'),
      item('cult.', 168, 22),
    ];
    expect(linesOfPdfPage({ items, page: 1 }).map((line) => line.text)).toEqual([
      'We found it difficult.',
    ]);
  });
});
