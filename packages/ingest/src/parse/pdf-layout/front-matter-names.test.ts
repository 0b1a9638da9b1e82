import { describe, expect, it } from 'vitest';
import { item, letter } from '../test-support/positioned-text.js';
import { layOutPdfPages } from './pdf-document-layout.js';

const boldFont = 'g_bold';
const left = 72;

/** An IEEE-style first page: the authors a size above the body, then "Abstract—" run in. */
const page = [
  item('Reading Papers on Small Devices', 120, 720, { size: 24, width: 370 }),
  item('Ann Lee, Bo Chen, Cy Diaz', 197, 640, { size: 11, width: 227 }),
  item('Advanced Computing and Information Systems Laboratory', 189, 627.5, { width: 242 }),
  item('University of Somewhere', 260, 615, { width: 100 }),
  item('Email: {ann, bo, cy}@example.edu', 230, 602.5, { width: 150 }),
  item('Dee Eng, Fay Gold', 250, 578, { size: 11, width: 120 }),
  item('Email: {dee.eng, fay.gold}@lab.example.com', 169, 565.5, { width: 282 }),
  item('Abstract—Phones read papers slowly. We measure how', left, 540, { width: 218 }),
  item('fast they read and what limits them.', left, 528),
  item('I. INTRODUCTION', left, 500, { size: 11, font: boldFont }),
  item('Phones are everywhere. Papers are long and', left, 485, { width: 218 }),
  item('they need care.', left, 473),
];

describe('a list of names set like a heading above the abstract', () => {
  const layout = layOutPdfPages({ pages: [page], boxes: [letter] });

  it('stays front matter, and the abstract starts at its run-in label', () => {
    expect(layout.sections.map((section) => section.title)).toEqual([
      'Front matter',
      'Abstract',
      'I. INTRODUCTION',
    ]);
    expect(layout.abstract).toBe(
      'Phones read papers slowly. We measure how fast they read and what limits them.',
    );
    expect(layout.authors).toEqual(['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    expect(layout.sections[0]?.paragraphs.map((paragraph) => paragraph.text).join(' ')).toContain(
      'Fay Gold',
    );
  });
});
