import { describe, expect, it } from 'vitest';
import type { PositionedText } from '../pdf-text-extraction.js';
import { spellUnmappedLigatures, unmappedLigatureOf } from './unmapped-ligatures.js';

/** An item at x whose width is `width` points. */
function item(str: string, x: number, width: number, fontName = 'g_body'): PositionedText {
  return { str, transform: [10, 0, 0, 10, x, 500], width, height: 10, hasEOL: false, fontName };
}

const vocabulary = new Set(['effort', 'efficacy', 'difficult', 'flow']);

describe('unmappedLigatureOf', () => {
  it('marks a control character or an arrow set flush between two letters', () => {
    const effort = [
      item('extra e', 100, 30),
      item('\u21B5', 130, 6, 'g_lig'),
      item('ort', 136, 15),
    ];
    expect(unmappedLigatureOf(effort, 1)).toBe('\uFFFD');
    const efficacy = [
      item('the e', 100, 20),
      item('\u0000', 120, 8, 'g_lig'),
      item('cacy', 128, 20),
    ];
    expect(unmappedLigatureOf(efficacy, 1)).toBe('\uFFFD');
  });

  it('leaves a symbol with space around it, one before a capital, and ordinary text', () => {
    const apart = [item('x', 100, 5), item('\u0000', 110, 6), item('y', 120, 5)];
    expect(unmappedLigatureOf(apart, 1)).toBeNull();
    const capital = [item('x', 100, 5), item('\u0000', 105, 6), item('Y', 111, 5)];
    expect(unmappedLigatureOf(capital, 1)).toBeNull();
    const letters = [item('a', 100, 5), item('b', 105, 5), item('c', 110, 5)];
    expect(unmappedLigatureOf(letters, 1)).toBeNull();
  });
});

describe('spellUnmappedLigatures', () => {
  it('spells the ligature that makes the word a known word', () => {
    expect(spellUnmappedLigatures('extra e\uFFFDort and e\uFFFDcacy', vocabulary)).toBe(
      'extra effort and efficacy',
    );
    expect(spellUnmappedLigatures('Di\uFFFDcult', vocabulary)).toBe('Difficult');
  });

  it('makes the mark a space where no ligature makes a word', () => {
    expect(spellUnmappedLigatures('σ\uFFFDβ', vocabulary)).toBe('σ β');
    expect(spellUnmappedLigatures('plain text', vocabulary)).toBe('plain text');
  });
});
