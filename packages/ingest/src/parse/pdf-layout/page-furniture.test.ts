import { describe, expect, it } from 'vitest';
import type { PageBox } from '../pdf-text-extraction.js';
import { withoutPageFurniture } from './page-furniture.js';
import type { PdfLine } from './pdf-lines.js';

const letter: PageBox = { left: 0, bottom: 0, right: 612, top: 792 };

function line(page: number, text: string, baseline: number, left = 72): PdfLine {
  const right = left + text.length * 5;
  return {
    page,
    text,
    left,
    right,
    baseline,
    fontSize: 10,
    fontName: 'body',
    startsWithRaisedMark: false,
    segments: [{ text, left, right, fontSize: 10, fontName: 'body' }],
  };
}

/** Three pages of body text from 690 down to 110, with what the test puts around them. */
function pages(extra: (page: number) => PdfLine[]): PdfLine[] {
  return [1, 2, 3].flatMap((page) => [
    ...extra(page),
    ...Array.from({ length: 30 }, (_, row) =>
      line(page, `Body text of page ${page}, row ${row}, in the column.`, 690 - row * 20),
    ),
  ]);
}

describe('page furniture', () => {
  it('takes out a running head set 10% down the page and a page number above a wide margin', () => {
    const lines = pages((page) => [
      line(page, 'Conference ’19, August 2019, Somewhere', 717),
      line(page, String(page), 89, 303),
    ]);
    const kept = withoutPageFurniture({ lines, boxes: [letter, letter, letter] });
    expect(kept.some((each) => each.text.startsWith('Conference'))).toBe(false);
    expect(kept.some((each) => /^\d$/u.test(each.text))).toBe(false);
    expect(kept).toHaveLength(90);
  });

  it('takes out a running head 13% down the page beside its page number', () => {
    const lines = [1, 2, 3].flatMap((page) => [
      line(page, String(page), 692, 72),
      line(page, 'A. Writer and B. Author', 692, 110),
      ...Array.from({ length: 30 }, (_, row) =>
        line(page, `Body text of page ${page}, row ${row}, in the column.`, 666 - row * 18),
      ),
    ]);
    const kept = withoutPageFurniture({ lines, boxes: [letter, letter, letter] });
    expect(kept.some((each) => each.text.includes('Writer') || /^\d$/u.test(each.text))).toBe(
      false,
    );
    expect(kept).toHaveLength(90);
  });

  it('keeps body lines near the top that differ from page to page only in their numbers', () => {
    const lines = pages((page) => [
      line(page, `Row 1 of page ${page} reports an F1 of 0.${page}.`, 717),
    ]);
    const kept = withoutPageFurniture({ lines, boxes: [letter, letter, letter] });
    expect(kept.filter((each) => each.text.startsWith('Row 1'))).toHaveLength(3);
  });

  it('takes out margin numbers printed on every fifth line', () => {
    const lines = pages((page) =>
      Array.from({ length: 6 }, (_, index) =>
        line(page, String(page * 100 + index * 5), 690 - index * 100, 40),
      ),
    );
    const kept = withoutPageFurniture({ lines, boxes: [letter, letter, letter] });
    expect(kept.filter((each) => /^\d+$/u.test(each.text))).toHaveLength(0);
    expect(kept).toHaveLength(90);
  });

  it('keeps a table column that counts in tens inside the text', () => {
    const lines = pages((page) =>
      Array.from({ length: 6 }, (_, index) =>
        line(page, String(10 + index * 10), 500 - index * 20, 150),
      ),
    );
    const kept = withoutPageFurniture({ lines, boxes: [letter, letter, letter] });
    expect(kept.filter((each) => /^\d+$/u.test(each.text))).toHaveLength(18);
  });
});
