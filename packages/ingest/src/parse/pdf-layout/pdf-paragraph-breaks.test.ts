import { describe, expect, it } from 'vitest';
import { assembleParagraphSections } from '../paper-text-builder.js';
import type { PageBox, PositionedText } from '../pdf-text-extraction.js';
import { layOutPdfPages } from './pdf-document-layout.js';

const letter: PageBox = { left: 0, bottom: 0, right: 612, top: 792 };
const left = 72;
/** A justified line's width: the column runs from 72 to 540. */
const columnWidth = 468;

function item(str: string, x: number, y: number, width?: number): PositionedText {
  return {
    str,
    transform: [10, 0, 0, 10, x, y],
    width: width ?? str.length * 5,
    height: 10,
    hasEOL: false,
    fontName: 'g_body',
  };
}

/** The sentences of the body: a title in large type and a heading come first, left out. */
function sentencesOf(body: PositionedText[]): string[] {
  const title = { ...item('A Paper', 250, 750), transform: [18, 0, 0, 18, 250, 750] };
  const heading = { ...item('1 Introduction', left, 720), fontName: 'g_bold' };
  const layout = layOutPdfPages({ pages: [[title, heading, ...body]], boxes: [letter] });
  return assembleParagraphSections(layout.sections)
    .sentences.map((sentence) => sentence.text)
    .slice(2);
}

describe('paragraph breaks in running text', () => {
  it('starts a paragraph at an indented sentence after a short line without a period', () => {
    const page = [
      item(
        'Miners keep the proofs of all the pending transactions of the last block',
        left,
        700,
        columnWidth,
      ),
      item('and update them w.r.t. the digest dt+1', left, 688),
      item(
        'Users assume that the consensus mechanism produces correct blocks. As a',
        left + 12,
        676,
        columnWidth - 12,
      ),
      item(
        'result, they do not need to verify the transactions in the block at all.',
        left,
        664,
        columnWidth,
      ),
      item(
        'They only update their own proof, which is cheap for every user of it.',
        left,
        652,
        columnWidth,
      ),
    ];
    expect(sentencesOf(page)).toEqual([
      'Miners keep the proofs of all the pending transactions of the last block and update them w.r.t. the digest dt+1',
      'Users assume that the consensus mechanism produces correct blocks.',
      'As a result, they do not need to verify the transactions in the block at all.',
      'They only update their own proof, which is cheap for every user of it.',
    ]);
  });

  it('runs a sentence on over a centred equation', () => {
    const page = [
      item(
        'The loss of the model is the sum of the two terms that we defined above',
        left,
        700,
        columnWidth,
      ),
      item('and we write it as', left, 688),
      item('L = La + Lb', 280, 676),
      item(
        'where La is the first term and Lb the second one of the whole loss',
        left,
        664,
        columnWidth,
      ),
      item(
        'that the model learns from the data, as in every other model of it.',
        left,
        652,
        columnWidth,
      ),
    ];
    expect(sentencesOf(page)).toHaveLength(1);
  });
});
