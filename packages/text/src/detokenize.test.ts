import { describe, expect, it } from 'vitest';
import { detokenize } from './detokenize.js';

function textOf(words: string[]): string {
  return detokenize(words).text;
}

describe('detokenize', () => {
  it('attaches punctuation, brackets, percents and clitics', () => {
    expect(
      textOf([
        'We',
        'use',
        'two',
        'losses',
        '(',
        'see',
        'Eq',
        '.',
        '3',
        ')',
        ',',
        'and',
        'get',
        '5',
        '%',
        '.',
      ]),
    ).toBe('We use two losses (see Eq. 3), and get 5%.');
    expect(
      textOf(['It', 'does', "n't", 'fit', ';', 'the', 'net', "'s", 'size', ':', 'small', '!']),
    ).toBe("It doesn't fit; the net's size: small!");
    expect(textOf(['curly', 'n’t', 'and', 'model', '’s'])).toBe('curlyn’t and model’s');
  });

  it('joins words around hyphens and slashes', () => {
    expect(
      textOf([
        'Full',
        '-',
        'Resolution',
        'units',
        'and',
        '/',
        'or',
        'state',
        '-',
        'of',
        '-',
        'the',
        '-',
        'art',
      ]),
    ).toBe('Full-Resolution units and/or state-of-the-art');
    expect(textOf(['x', '=', '-', '0.5', ';', '-', 'a', 'bullet'])).toBe('x = -0.5; - a bullet');
    expect(textOf(['-', '1', 'and', 'C4', '–', 'D4'])).toBe('-1 and C4 – D4');
  });

  it('handles citation brackets', () => {
    expect(textOf(['as', 'in', '[', 'ref', ']', '[', 'ref', ']', '.'])).toBe('as in [ref] [ref].');
    expect(textOf(['as', 'in', '[', 'ref', '][', 'ref', ']', '.'])).toBe('as in [ref][ref].');
  });

  it('opens and closes straight, typographic and treebank quotes', () => {
    expect(textOf(['a', '"', 'big', 'cat', '"', 'and', '"', 'dog', '"', '.'])).toBe(
      'a "big cat" and "dog".',
    );
    expect(textOf(['the', '“', 'anchor', '”', 'boxes', '‘', 'ok', '’'])).toBe(
      'the “anchor” boxes ‘ok’',
    );
    expect(textOf(['he', 'said', '``', 'fine', "''", 'then'])).toBe('he said "fine" then');
    expect(textOf(['the', "'", 'number', "'", 'type'])).toBe("the 'number' type");
  });

  it("returns each word's offsets in the output text", () => {
    const words = ['Results', '(', 'Tab', '.', '2', ')', 'show', '“', 'gains', '”', '.'];
    const { text, offsets } = detokenize(words);
    expect(text).toBe('Results (Tab. 2) show “gains”.');
    expect(offsets).toHaveLength(words.length);
    for (const [index, word] of words.entries()) {
      const offset = offsets[index];
      expect(offset && text.slice(offset.start, offset.end)).toBe(word);
    }
  });

  it('maps a word range to a character range', () => {
    const words = ['First', 'sentence', '.', 'Second', 'one', 'here', '.'];
    const { text, offsets } = detokenize(words);
    const sentence = { start: 3, end: 7 };
    const start = offsets[sentence.start]?.start ?? -1;
    const end = offsets[sentence.end - 1]?.end ?? -1;
    expect(text.slice(start, end)).toBe('Second one here.');
  });

  it('gives treebank quotes their rewritten offsets and empty words empty ranges', () => {
    const { text, offsets } = detokenize(['``', 'a', "''", '', 'b']);
    expect(text).toBe('"a" b');
    expect(offsets).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
      { start: 3, end: 3 },
      { start: 4, end: 5 },
    ]);
    expect(detokenize([])).toEqual({ text: '', offsets: [] });
  });
});
