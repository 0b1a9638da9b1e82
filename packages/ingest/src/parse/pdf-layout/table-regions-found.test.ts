/**
 * Tables that were missed on papers of the LaTeX tune set, each reduced to its layout: cells set in
 * the caption's type, a header row of words across a column, a row label and its numbers drawn as
 * one stretch, and a caption whose short last line reads as another column's text.
 */
import { describe, expect, it } from 'vitest';
import type { PositionedText } from '../pdf-text-extraction.js';
import { item, letter } from '../test-support/positioned-text.js';
import { collectHyphenationEvidence } from '../line-end-hyphenation.js';
import type { RoledLine } from './line-roles.js';
import { layOutPdfPages } from './pdf-document-layout.js';
import { findTableRegions } from './table-regions.js';

function row(
  cells: readonly string[],
  xs: readonly number[],
  y: number,
  options: { size?: number; font?: string } = {},
): PositionedText[] {
  return cells.map((cell, position) => item(cell, xs[position] ?? 0, y, options));
}

const prose = 'we compare the methods on each of the benchmarks that the paper reports';

/** Running text of one column, 108 to 504, from y down. */
function paragraph(y: number, lines: number): PositionedText[] {
  return Array.from({ length: lines }, (_, index) =>
    item(`${prose} ${index}`, 108, y - index * 12, { width: 396 }),
  );
}

function firstCells(pages: PositionedText[][]): string[][] {
  const layout = layOutPdfPages({ pages, boxes: pages.map(() => letter) });
  return layout.tables.map((table) => table.rows.map((tableRow) => tableRow.cells[0] ?? ''));
}

/** A line as the layout gives it, its cells 50 points apart from `left`. */
function roledLine(
  cells: readonly string[],
  baseline: number,
  options: Pick<RoledLine, 'role' | 'column' | 'run'> & { left?: number; size?: number },
): RoledLine {
  const left = options.left ?? 322;
  const size = options.size ?? 10;
  const segments = cells.map((text, position) => ({
    text,
    left: left + position * 50,
    right: left + position * 50 + (cells.length === 1 ? text.length * size * 0.5 : 20),
    fontSize: size,
    fontName: 'g_body',
  }));
  return {
    page: 1,
    text: cells.join(' '),
    left,
    right: segments[segments.length - 1]!.right,
    baseline,
    fontSize: size,
    fontName: 'g_body',
    startsWithRaisedMark: false,
    segments,
    column: options.column,
    run: options.run,
    role: options.role,
  };
}

function regionsOf(
  lines: readonly RoledLine[],
  column: { key: string; left: number; right: number },
) {
  return findTableRegions({
    lines,
    typography: { bodyFont: 'g_body|10', bodySize: 10, leading: 12, isSingleFont: false },
    edges: new Map([[column.key, { left: column.left, right: column.right }]]),
    boxes: [letter],
    evidence: collectHyphenationEvidence([]),
  });
}

describe('tables the caption finder used to miss', () => {
  it('finds a table whose cells are set in the type of its caption, one cell per line', () => {
    const xs = [160, 260, 330, 400];
    const page = [
      ...paragraph(740, 4),
      item('Table 1: Win rates of three model sizes on the dialogue benchmark,', 108, 690, {
        size: 9,
        width: 396,
      }),
      item('evaluated by a judge model.', 108, 679, { size: 9 }),
      // Sizes in the header read as numbers; "Method" still makes the row the header.
      ...row(['Method', '410M', '1.4B', '2.8B'], xs, 664, { size: 9 }),
      ...row(['DPO', '26.19', '42.78', '51.51'], xs, 650, { size: 9 }),
      ...row(['Filtering', '29.03', '46.99', '53.42'], xs, 638, { size: 9 }),
      ...row(['Ours', '30.18', '48.67', '57.07'], xs, 626, { size: 9 }),
      ...paragraph(590, 6),
    ];
    expect(firstCells([page])).toEqual([['DPO', 'Filtering', 'Ours']]);
    const layout = layOutPdfPages({ pages: [page], boxes: [letter] });
    expect(layout.tables[0]?.columns).toEqual(['Method', '410M', '1.4B', '2.8B']);
  });

  it('takes a header row of words set across its column for the first row of the table', () => {
    // On a two-column page the header row reads as text, its five cells spread over the column
    // almost as widely as a line of justified prose.
    const right = { role: 'figure', column: 'right', run: 2 } as const;
    const regions = regionsOf(
      [
        roledLine(['Table 2: Regression results (MAE).'], 540, {
          ...right,
          role: 'caption',
          run: 1,
        }),
        roledLine(['Target', 'WLGK', 'NGF', 'PSCN', 'CCN'], 516, { ...right, role: 'text' }),
        roledLine(['alpha', '0.46', '0.43', '0.20', '0.16'], 504, right),
        roledLine(['gap', '0.72', '0.67', '0.60', '0.54'], 492, right),
        roledLine(['mu', '0.69', '0.63', '0.54', '0.48'], 480, right),
      ],
      { key: '1:right', left: 318, right: 544 },
    );
    expect(regions.map((region) => region.rows.map((regionRow) => regionRow.baseline))).toEqual([
      [516, 504, 492, 480],
    ]);
  });

  it('reads a row label drawn together with its numbers as a row of cells, not as prose', () => {
    const page = [
      ...paragraph(760, 3),
      ...row(['Metric', 'r', 'ρ', 'r', 'ρ'], [108, 209, 277, 344, 412], 710),
      item('wordGLEU 0.696 0.445 0.870 0.811', 108, 696, { width: 360 }),
      item('charGLEU 0.606 0.593 0.807 0.706', 108, 684, { width: 360 }),
      ...row(['wordGREEN', '0.741', '0.698', '0.920', '0.909'], [108, 209, 277, 344, 412], 672),
      item('Table 2: Correlations between each metric and the human score.', 108, 650, {
        size: 9,
      }),
      ...paragraph(620, 6),
    ];
    const layout = layOutPdfPages({ pages: [page], boxes: [letter] });
    expect(layout.tables[0]?.columns).toEqual(['Metric', 'r', 'ρ', 'r', 'ρ']);
    expect(layout.tables[0]?.rows.map((tableRow) => tableRow.cells)).toEqual([
      ['wordGLEU', '0.696', '0.445', '0.870', '0.811'],
      ['charGLEU', '0.606', '0.593', '0.807', '0.706'],
      ['wordGREEN', '0.741', '0.698', '0.920', '0.909'],
    ]);
  });

  it('keeps a number with its spread ("0.60 ± 0.18") as one cell of such a row', () => {
    const page = [
      ...paragraph(760, 3),
      // Ten points a character: the values start at 178, 298 and 428 as the header's words do.
      ...row(['Model', 'Frontal', 'Occipital', 'Temporal'], [108, 178, 298, 428], 710),
      item('Linear 0.60 ± 0.18 0.11 ± 0.22* -0.32 ± 0.29*', 108, 696, { width: 450 }),
      item('Latent 0.53 ± 0.17 0.64 ± 0.17 0.12 ± 0.29*', 108, 684, { width: 440 }),
      ...row(['Ours', '0.77 ± 0.11', '0.75 ± 0.09', '0.55 ± 0.24'], [108, 178, 298, 428], 672),
      item('Table 1: Correlations of each model, mean ± standard deviation.', 108, 650, {
        size: 9,
      }),
      ...paragraph(620, 6),
    ];
    const layout = layOutPdfPages({ pages: [page], boxes: [letter] });
    expect(layout.tables[0]?.columns).toEqual(['Model', 'Frontal', 'Occipital', 'Temporal']);
    expect(layout.tables[0]?.rows.map((tableRow) => tableRow.cells)).toEqual([
      ['Linear', '0.60 ± 0.18', '0.11 ± 0.22*', '-0.32 ± 0.29*'],
      ['Latent', '0.53 ± 0.17', '0.64 ± 0.17', '0.12 ± 0.29*'],
      ['Ours', '0.77 ± 0.11', '0.75 ± 0.09', '0.55 ± 0.24'],
    ]);
  });

  it("reads a caption's short last line, taken for another column's text, as the caption's", () => {
    const cells = { role: 'figure', column: 'full', run: 3, left: 120, size: 9 } as const;
    const regions = regionsOf(
      [
        roledLine(
          ['Table 8: Comparison of calibration methods. N is the number of questions, and S'],
          712,
          { role: 'caption', column: 'full', run: 1, left: 108, size: 9 },
        ),
        roledLine(['is the number of samples per question.'], 701, {
          role: 'text',
          column: 'left',
          run: 2,
          left: 108,
          size: 9,
        }),
        roledLine(['Method', 'Calibration', 'Cost'], 682, cells),
        roledLine(['Probe', '0.31', '12'], 670, cells),
        roledLine(['Verbal', '0.42', '3'], 658, cells),
      ],
      { key: '1:full', left: 108, right: 504 },
    );
    expect(regions.map((region) => region.rows.map((regionRow) => regionRow.baseline))).toEqual([
      [682, 670, 658],
    ]);
    expect(regions[0]?.caption).toBe(
      'Table 8: Comparison of calibration methods. N is the number of questions, and S is the number of samples per question.',
    );
  });

  it("keeps a cell's wrapped sentence end, and stops at one set apart from the rows", () => {
    const cells = { role: 'figure', column: 'full', run: 2, left: 120 } as const;
    const sentence = (baseline: number) =>
      roledLine(['avoid speculation when not confident.'], baseline, { ...cells, role: 'text' });
    const rowsOf = (gapBeforeSentence: number) =>
      regionsOf(
        [
          roledLine(['Table 5: Prompt variants.'], 560, { ...cells, role: 'caption', run: 1 }),
          roledLine(['Variant', 'Instruction', 'Ratio'], 540, cells),
          roledLine(['Low', 'answer if confident', '0.1'], 528, cells),
          roledLine(['High', 'guess but', '0.4'], 516, cells),
          sentence(516 - gapBeforeSentence),
          roledLine(['Highest', 'be cautious', '0.6'], 504 - gapBeforeSentence, cells),
        ],
        { key: '1:full', left: 108, right: 504 },
      ).map((region) => region.rows.map((regionRow) => regionRow.baseline));
    // One leading under the row above: the wrapped end of a cell.
    expect(rowsOf(12)).toEqual([[540, 528, 516, 504, 492]]);
    // Two and a half leadings down: running text, and the table ends above it.
    expect(rowsOf(30)).toEqual([[540, 528, 516]]);
  });
});
