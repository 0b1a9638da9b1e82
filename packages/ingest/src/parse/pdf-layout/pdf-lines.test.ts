import { describe, expect, it } from 'vitest';
import type { PositionedText } from '../pdf-text-extraction.js';
import { linesOfPdfPage } from './pdf-lines.js';
import { readableText } from '../readable-text.js';

function item(str: string, x: number, width: number, y = 600): PositionedText {
  return {
    str,
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
    hasEOL: false,
    fontName: 'g_body',
  };
}

/** A smaller item raised above the body's baseline: a footnote's mark or an exponent. */
function raised(str: string, x: number, width: number): PositionedText {
  return { ...item(str, x, width, 604), transform: [7, 0, 0, 7, x, 604], height: 7 };
}

function lineText(items: PositionedText[]): string {
  const [line] = linesOfPdfPage({ items, page: 1 });
  return readableText(line?.text ?? '');
}

describe('linesOfPdfPage', () => {
  it('puts an accent that ends an item on the letter the next item starts back under it', () => {
    // "Nowako´" ends at 107; the pen steps back to 104 to draw the "s" under the accent.
    expect(lineText([item('by Jan Nowako´', 72, 35), item('s and others', 104, 50)])).toBe(
      'by Jan Nowakoś and others',
    );
  });

  it('leaves an accent where the next item starts after it', () => {
    expect(lineText([item('the model´', 72, 35), item('s output', 108, 40)])).toBe(
      'the model´s output',
    );
  });

  it('leaves out a footnote mark raised after a full stop, and keeps one raised after a word', () => {
    expect(
      lineText([
        item('hosted by the platform.', 72, 100),
        raised('2', 172, 4),
        item('Del Tredici', 180, 50),
      ]),
    ).toBe('hosted by the platform. Del Tredici');
    expect(
      lineText([item('the area is x', 72, 60), raised('2', 132, 4), item('units', 140, 30)]),
    ).toBe('the area is x2 units');
  });
});
