import { describe, expect, it } from 'vitest';
import { assembleParagraphSections } from '../paper-text-builder.js';
import type { PositionedText } from '../pdf-text-extraction.js';
import { item, letter } from '../test-support/positioned-text.js';
import { layOutPdfPages } from './pdf-document-layout.js';
import { isNumericCell } from './table-regions.js';

/** A justified line of the one column, 108 to 504. */
function bodyLine(str: string, y: number): PositionedText {
  return item(str, 108, y, { width: 396 });
}

/** A row of cells at the given x positions. */
function row(cells: readonly string[], xs: readonly number[], y: number, font = 'g_body') {
  return cells.map((cell, position) => item(cell, xs[position] ?? 0, y, { font }));
}

const columns = [120, 220, 300, 380] as const;

/**
 * One column: a heading, text, a caption above a table whose header row is set in bold (the
 * font of headings), rows of numbers, then text again.
 */
const page: PositionedText[] = [
  item('1 Results', 108, 720, { size: 12, font: 'g_bold' }),
  bodyLine('We compare the models on the named entity benchmark and report', 700),
  bodyLine('the F1 score of each model on the test set in the table below here.', 688),
  item('Table 2: Results on CoNLL-2003. Higher is better.', 108, 660, { size: 9 }),
  ...row(['Model', 'P', 'R', 'F1'], columns, 640, 'g_bold'),
  ...row(['BERT-base', '90.1', '92.3', '91.2'], columns, 626),
  ...row(['BiLSTM-CRF', '88.0', '90.4', '89.2'], columns, 614),
  ...row(['CRF', '85.5', '84.9', '85.2'], columns, 602),
  bodyLine('The larger model is the best of the three on every measure that we', 570),
  bodyLine('report, and the gap between the models is larger on recall than on it.', 558),
  bodyLine('We read this as a sign that the pretrained encoder helps the rare types.', 546),
];

describe('tables in a PDF layout', () => {
  const layout = layOutPdfPages({ pages: [page], boxes: [letter] });
  const assembled = assembleParagraphSections(layout.sections);

  it('stores each body row as one sentence of a table section, with caption and headers', () => {
    const table = assembled.sections.find((section) => section.kind === 'table');
    expect(table?.title).toBe('Table 2');
    const rows = assembled.sentences
      .filter((sentence) => sentence.sectionIndex === table?.index)
      .map((sentence) => sentence.text);
    expect(rows).toEqual([
      'Table 2: Results on CoNLL-2003. · BERT-base · P 90.1 · R 92.3 · F1 91.2',
      'Table 2: Results on CoNLL-2003. · BiLSTM-CRF · P 88.0 · R 90.4 · F1 89.2',
      'Table 2: Results on CoNLL-2003. · CRF · P 85.5 · R 84.9 · F1 85.2',
    ]);
    expect(layout.tables[0]?.columns).toEqual(['Model', 'P', 'R', 'F1']);
    expect(layout.tables[0]?.rows[0]?.cells).toEqual(['BERT-base', '90.1', '92.3', '91.2']);
    expect(layout.tables[0]?.rows[0]?.page).toBe(1);
  });

  it('keeps the rows out of the running text and the header row out of the headings', () => {
    const titles = assembled.sections.map((section) => section.title);
    expect(titles).not.toContain('Model P R F1');
    expect(titles.some((title) => title.includes('Model'))).toBe(false);
    const body = assembled.sentences.filter(
      (sentence) => assembled.sections[sentence.sectionIndex]?.kind !== 'table',
    );
    expect(body.some((sentence) => sentence.text.includes('91.2'))).toBe(false);
    expect(body.map((sentence) => sentence.text)).toContain(
      'We read this as a sign that the pretrained encoder helps the rare types.',
    );
  });

  it('gives each row a box on its page that covers its cells', () => {
    const box = layout.tables[0]?.rows[0]?.box;
    expect(box?.left).toBeLessThanOrEqual(120);
    expect(box?.right).toBeGreaterThanOrEqual(380);
    expect(box?.bottom).toBeLessThan(626);
    expect(box?.top).toBeGreaterThan(626);
    expect(box?.top).toBeLessThan(640);
  });
});

/**
 * Two columns of running text under a table set across the page, its caption below it: the
 * lines of the two columns share baselines, and none of them is a table row.
 */
const leftWords = 'the models are compared on every benchmark that we report here';
const rightWords = 'results of the larger model hold on each of the five test sets';
const twoColumnPage: PositionedText[] = [
  ...row(['Model', 'P', 'R', 'F1'], [80, 250, 380, 480], 720, 'g_bold'),
  ...row(['BERT-base', '90.1', '92.3', '91.2'], [80, 250, 380, 480], 706),
  ...row(['CRF', '85.5', '84.9', '85.2'], [80, 250, 380, 480], 694),
  item('Table 1: Results on the benchmark, across the page.', 80, 672, { size: 9, width: 460 }),
  ...Array.from({ length: 14 }, (_, index) => [
    item(`${leftWords} ${index}`, 72, 640 - index * 12, { width: 218 }),
    item(`${rightWords} ${index}`, 322, 640 - index * 12, { width: 218 }),
  ]).flat(),
];

describe('a table across two columns of text', () => {
  const layout = layOutPdfPages({ pages: [twoColumnPage], boxes: [letter] });

  it('keeps the lines of the two columns out of the table', () => {
    const table = layout.tables[0];
    expect(table?.rows.map((tableRow) => tableRow.cells[0])).toEqual(['BERT-base', 'CRF']);
    const cells = layout.tables.flatMap((each) => each.rows.flatMap((tableRow) => tableRow.cells));
    expect(cells.some((cell) => cell.includes('benchmark that we report'))).toBe(false);
  });
});

/**
 * A table across the page, its caption above it; under it a figure in the left column (small
 * tick labels) beside a numbered heading and running text in the right column.
 */
const figureWords = 'a figure of the error rates sits in this column below the table';
const besideFigurePage: PositionedText[] = [
  item('Table 3: Error rates on the held-out split.', 80, 730, { size: 9, width: 460 }),
  ...row(['Model', 'Dev', 'Test', 'Size'], [80, 250, 380, 480], 712, 'g_bold'),
  ...row(['Small', '12.1', '12.9', '40M'], [80, 250, 380, 480], 700),
  ...row(['Large', '10.4', '11.0', '300M'], [80, 250, 380, 480], 688),
  item('0.5', 80, 664, { size: 6 }),
  item('4 Setup', 322, 664, { size: 12, font: 'g_bold' }),
  item('0.4', 80, 652, { size: 6 }),
  item('We train every model on the same split for', 322, 648, { width: 218 }),
  item('0.3', 80, 640, { size: 6 }),
  item('ten epochs and keep the best checkpoint.', 322, 636, { width: 218 }),
  item('3 Results', 72, 576, { size: 12, font: 'g_bold' }),
  ...Array.from({ length: 14 }, (_, index) => [
    item(`${figureWords} ${index}.`, 72, 560 - index * 12, { width: 218 }),
    item(`${rightWords} ${index}`, 322, 624 - index * 12, { width: 218 }),
  ]).flat(),
];

describe('a table across the page over a figure and a column of text', () => {
  const layout = layOutPdfPages({ pages: [besideFigurePage], boxes: [letter] });
  const assembled = assembleParagraphSections(layout.sections);

  it('ends the table at the heading and the running text beside the figure', () => {
    expect(layout.tables[0]?.rows.map((tableRow) => tableRow.cells[0])).toEqual(['Small', 'Large']);
    expect(assembled.sections.map((section) => section.title)).toContain('4 Setup');
    expect(
      assembled.sentences.some((sentence) =>
        sentence.text.startsWith(
          'We train every model on the same split for ten epochs and keep the best checkpoint.',
        ),
      ),
    ).toBe(true);
  });
});

describe('isNumericCell', () => {
  it('tells numbers from words', () => {
    for (const cell of ['91.2', '85.0%', '1,068,573', '-0.24 ± 0.25*', '.30/.28', '274 sec']) {
      expect(isNumericCell(cell)).toBe(true);
    }
    for (const cell of ['BERT-base', 'F1', 'Model', 'D5-5'])
      expect(isNumericCell(cell)).toBe(false);
  });
});
