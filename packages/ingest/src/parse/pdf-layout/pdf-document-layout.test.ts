import { describe, expect, it } from 'vitest';
import { assembleParagraphSections } from '../paper-text-builder.js';
import type { PositionedText } from '../pdf-text-extraction.js';
import { item, letter } from '../test-support/positioned-text.js';
import { layOutPdfPages } from './pdf-document-layout.js';

const boldFont = 'g_bold';
const smallFont = 'g_small';

/** A justified line of a column: stretched from the column's left edge to its right edge. */
function fullLine(str: string, x: number, y: number): PositionedText {
  return item(str, x, y, { width: 218 });
}

/** Margin line numbers of a review copy, counting down the page at one x. */
function lineNumbers(options: { first: number; x: number; top: number; count: number }) {
  return Array.from({ length: options.count }, (_, position) =>
    item(
      String(options.first + position).padStart(3, '0'),
      options.x,
      options.top - position * 12,
      {
        size: 8,
      },
    ),
  );
}

const leftColumn = 72;
const rightColumn = 320;

/** Page 1: title and authors across the page, then two columns; a review copy. */
const pageOne: PositionedText[] = [
  item('Faithful Text Workshop 2025', leftColumn, 770, { size: 9 }),
  item('A Study of Faithful Text', 200, 730, { size: 18, font: boldFont }),
  // TeX draws a diaeresis on its own, over the letter it belongs to: "Täckström".
  item('Ada Lovelace and Oskar T', 200, 705, { size: 11 }),
  item('\u00A8', 333.25, 705, { size: 11, width: 3 }),
  item('ackstr', 332, 705, { size: 11 }),
  item('\u00A8', 366.25, 705, { size: 11, width: 3 }),
  item('om', 365, 705, { size: 11 }),
  ...lineNumbers({ first: 0, x: 30, top: 670, count: 11 }),
  ...lineNumbers({ first: 50, x: 565, top: 670, count: 11 }),
  // Left column.
  item('Abstract', leftColumn, 670, { size: 11, font: boldFont }),
  fullLine('We read papers from PDF files and keep', leftColumn, 655),
  item('their sentences whole for search.', leftColumn, 643),
  item('1 Introduction', leftColumn, 615, { size: 11, font: boldFont }),
  fullLine('Readers ask questions and the answer is a', leftColumn, 600),
  item('sentence of the paper. We study a model', leftColumn, 588, { width: 210 }),
  // A raised footnote mark, in a smaller size.
  item('1', 282, 591.5, { size: 6, width: 3 }),
  fullLine('that keeps each sentence whole and adds a', leftColumn, 576),
  fullLine('new term for regu-', leftColumn, 564),
  // The footnote at the column's foot: a raised mark, then smaller text.
  item('1', leftColumn, 103, { size: 6, width: 3 }),
  item('The model is open source.', 75, 100, { size: 8, font: smallFont }),
  // Right column: the broken word goes on, then a figure and its caption.
  fullLine('larization of the layout. The method is', rightColumn, 670),
  item('simple and fast.', rightColumn, 658),
  item('Accuracy', 330, 630, { size: 7, font: smallFont }),
  item('1.0', 330, 620, { size: 7, font: smallFont }),
  item('0.5', 330, 610, { size: 7, font: smallFont }),
  item('0.0', 330, 600, { size: 7, font: smallFont }),
  item('Figure 1: Accuracy of the model on', rightColumn, 580, { size: 9 }),
  item('the test set.', rightColumn, 569, { size: 9 }),
  fullLine('The results show that the layout is', rightColumn, 540),
  item('kept in every case.', rightColumn, 528),
  item('1', 303, 40, { size: 9 }),
];

/** Page 2: the references in the left column. */
const pageTwo: PositionedText[] = [
  item('Faithful Text Workshop 2025', leftColumn, 770, { size: 9 }),
  item('References', leftColumn, 700, { size: 11, font: boldFont }),
  item('[1] A. Author. 2020. Reading PDFs. In', leftColumn, 685, { size: 9 }),
  item('Proc. of Text.', 82, 674, { size: 9 }),
  item('[2] B. Writer. 2021. Columns. Journal.', leftColumn, 660, { size: 9 }),
  item('2', 303, 40, { size: 9 }),
];

describe('layOutPdfPages', () => {
  const layout = layOutPdfPages({ pages: [pageOne, pageTwo], boxes: [letter, letter] });
  const assembled = assembleParagraphSections(layout.sections);
  const sentencesOf = (sectionIndex: number): string[] =>
    assembled.sentences
      .filter((sentence) => sentence.sectionIndex === sectionIndex)
      .map((sentence) => sentence.text);

  it('finds the title, the front matter and the abstract apart from each other', () => {
    expect(layout.title).toBe('A Study of Faithful Text');
    expect(layout.authors).toEqual(['Ada Lovelace', 'Oskar Täckström']);
    expect(layout.abstract).toBe(
      'We read papers from PDF files and keep their sentences whole for search.',
    );
    expect(assembled.sections[0]).toMatchObject({ title: 'Front matter', kind: 'front-matter' });
    // The separate diaereses are put on their letters.
    expect(sentencesOf(0)).toEqual([
      'A Study of Faithful Text',
      'Ada Lovelace and Oskar Täckström',
    ]);
    expect(assembled.sections[1]).toEqual({ index: 1, title: 'Abstract' });
  });

  it('reads the left column before the right one, rejoins a broken word and keeps the footnote mark', () => {
    expect(assembled.sections[2]).toEqual({ index: 2, title: '1 Introduction' });
    expect(sentencesOf(2)).toEqual([
      '1 Introduction',
      'Readers ask questions and the answer is a sentence of the paper.',
      'We study a model1 that keeps each sentence whole and adds a new term for regularization of the layout.',
      'The method is simple and fast.',
      'The results show that the layout is kept in every case.',
    ]);
  });

  it('keeps the caption, the footnote and the references out of the running text, marked', () => {
    const kinds = assembled.sections.map((section) => [section.title, section.kind ?? 'body']);
    expect(kinds).toEqual([
      ['Front matter', 'front-matter'],
      ['Abstract', 'body'],
      ['1 Introduction', 'body'],
      ['References', 'references'],
      ['Figure 1', 'caption'],
      ['Footnotes', 'footnote'],
    ]);
    expect(layout.sections[3]?.paragraphs.map((paragraph) => paragraph.text)).toEqual([
      'References',
      '[1] A. Author. 2020. Reading PDFs. In Proc. of Text.',
      '[2] B. Writer. 2021. Columns. Journal.',
    ]);
    expect(sentencesOf(4)).toEqual(['Figure 1: Accuracy of the model on the test set.']);
    expect(sentencesOf(5)).toEqual(['1The model is open source.']);
  });

  it('leaves out running heads, page numbers, margin line numbers and figure labels', () => {
    const text = assembled.text;
    expect(text).not.toContain('Workshop');
    expect(text).not.toMatch(/\b0\d\d\b/u);
    expect(text).not.toContain('0.5');
    expect(text).not.toMatch(/Accuracy\s+1\.0/u);
    expect(text).not.toMatch(/[^\n]\n[^\n]/u);
    expect(assembled.sentences.length).toBeGreaterThan(0);
    expect(
      assembled.sentences.every((sentence) => sentence.page === 1 || sentence.page === 2),
    ).toBe(true);
  });
});

/**
 * A section's opening, with enough text in a bold font (over 3% of the characters) that the page
 * is not read as a single-font PDF, whose headings go by their words alone.
 */
const methodsOpening: PositionedText[] = [
  item('2 Methods', leftColumn, 700, { size: 11, font: boldFont }),
  fullLine('We compare our defence with two simple', leftColumn, 685),
  item('baselines on the same data.', leftColumn, 673),
  item('Noise Defense:', leftColumn, 658, { font: boldFont }),
];

describe('layOutPdfPages on lines that only look like furniture', () => {
  const page: PositionedText[] = [
    ...methodsOpening,
    item('The first baseline model, the', 162, 658, { width: 128 }),
    fullLine('NoiseDefense, adds noise to wash out the', leftColumn, 646),
    item('attacks before it classifies.', leftColumn, 634),
    fullLine('Both timings are given in the text and in', leftColumn, 610),
    item('table 1.', leftColumn, 598),
    item('We then turn to the results.', 82, 586),
    fullLine('A weight counts the siblings of r alike:', leftColumn, 562),
    item('w(r, s) = |siblings(r)|', 82, 550, { width: 120 }),
    item('We then choose the candidate with the', 82, 538, { width: 208 }),
    item('highest weight.', leftColumn, 526),
    fullLine('Each score is scaled to the unit range:', leftColumn, 502),
    item('s = (s − min s)/(max s − min s)   (3)', 100, 490, { width: 180 }),
    fullLine('The idea of the scaling is that no term', leftColumn, 478),
    item('outweighs the others.', leftColumn, 466),
  ];
  const layout = layOutPdfPages({ pages: [page], boxes: [letter] });
  const sentences = assembleParagraphSections(layout.sections).sentences.map((each) => each.text);

  it('keeps the label and its sentence as running text', () => {
    expect(sentences).toContain(
      'Noise Defense: The first baseline model, the NoiseDefense, adds noise to wash out the attacks before it classifies.',
    );
  });

  it('starts a paragraph after a display set at the paragraph indent', () => {
    expect(sentences).toContain('We then choose the candidate with the highest weight.');
  });

  it('ends a sentence at a numbered display equation before a line that opens one', () => {
    expect(sentences).toContain('The idea of the scaling is that no term outweighs the others.');
  });

  it('reads "table 1." at a line start in lower case as the end of a sentence, not a caption', () => {
    expect(sentences).toContain('Both timings are given in the text and in table 1.');
    expect(layout.sections.some((section) => section.kind === 'caption')).toBe(false);
  });
});

describe('layOutPdfPages on a centred heading in capitals in the body font', () => {
  const page: PositionedText[] = [
    ...methodsOpening,
    item('II. RELATED WORKS', 137, 620),
    fullLine('Detection methods fall into two kinds of', leftColumn, 605),
    item('approaches.', leftColumn, 593),
  ];
  const layout = layOutPdfPages({ pages: [page], boxes: [letter] });

  it('takes the numbered line in capitals for a heading of its own', () => {
    expect(layout.sections.map((section) => section.title)).toContain('II. RELATED WORKS');
    const sentences = assembleParagraphSections(layout.sections).sentences.map((each) => each.text);
    expect(sentences).toContain('Detection methods fall into two kinds of approaches.');
  });
});

describe('layOutPdfPages on a numbered heading that cites a paper', () => {
  const page: PositionedText[] = [
    ...methodsOpening,
    item('2.4 CLEME (Ye et al., 2023)', leftColumn, 620, { font: boldFont }),
    fullLine('The original metric weighs every edit alike,', leftColumn, 605),
    item('whatever its length.', leftColumn, 593),
  ];
  const layout = layOutPdfPages({ pages: [page], boxes: [letter] });

  it('takes the line for a heading: the citation is words, not math', () => {
    expect(layout.sections.map((section) => section.title)).toContain(
      '2.4 CLEME (Ye et al., 2023)',
    );
    const sentences = assembleParagraphSections(layout.sections).sentences.map((each) => each.text);
    expect(sentences).toContain(
      'The original metric weighs every edit alike, whatever its length.',
    );
  });
});
