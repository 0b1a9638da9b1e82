import { describe, expect, it } from 'vitest';
import { assembleParagraphSections } from '../paper-text-builder.js';
import type { PageBox, PositionedText } from '../pdf-text-extraction.js';
import { layOutPdfPages } from './pdf-document-layout.js';
import { fontKey } from './page-geometry.js';
import { linesOfPdfPage } from './pdf-lines.js';
import { isLabelAndProse, runInLabelOf } from './run-in-labels.js';

const letter: PageBox = { left: 0, bottom: 0, right: 612, top: 792 };
const body = 'g_body';
const bold = 'g_bold';
const bodyFont = fontKey({ fontName: body, fontSize: 10 });

function item(str: string, x: number, y: number, font = body, size = 10): PositionedText {
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width: str.length * size * 0.5,
    height: size,
    hasEOL: false,
    fontName: font,
  };
}

/** One line drawn as a label in bold and the words after it in the body font. */
function labelled(label: string, rest: string, y = 600): PositionedText[] {
  return [item(label, 72, y, bold), item(rest, 72 + label.length * 5 + 4, y)];
}

function labelOf(label: string, rest: string) {
  const [line] = linesOfPdfPage({ items: labelled(label, rest), page: 1 });
  if (line === undefined) throw new Error('no line');
  return runInLabelOf(line, bodyFont);
}

describe('runInLabelOf', () => {
  it('finds a label in a font of its own before a sentence in the body font', () => {
    const [line] = linesOfPdfPage({ items: labelled('Noise Model', 'We add noise.'), page: 1 });
    expect(line?.leadingRun).toEqual({ text: 'Noise Model', fontName: bold, restFontName: body });
    expect(labelOf('Noise Model', 'We add noise to every input.')).toEqual({
      label: 'Noise Model',
      rest: 'We add noise to every input.',
    });
    expect(labelOf('Abstract', 'This note shows a bound.')?.label).toBe('Abstract');
  });

  it('leaves emphasis, labels ending in punctuation, a function word or a number, and symbols', () => {
    expect(labelOf('Dropout', 'is applied to each layer.')).toBeNull();
    expect(labelOf('Noise Model.', 'We add noise.')).toBeNull();
    expect(labelOf('Training with', 'GANs is slow.')).toBeNull();
    expect(labelOf('Procedure 2', 'Sorting the keys.')).toBeNull();
    expect(labelOf('Rule', 'Ω (Gate). Stops a request.')).toBeNull();
    expect(labelOf('Training Details', 'ADAM is used.')).toBeNull();
    const [plain] = linesOfPdfPage({
      items: [item('Noise Model We add noise.', 72, 600)],
      page: 1,
    });
    expect(plain?.leadingRun).toBeUndefined();
    expect(plain === undefined ? null : runInLabelOf(plain, bodyFont)).toBeNull();
  });

  it('makes the label a sentence of its own where it opens a paragraph', () => {
    const lines = [
      'The first paragraph states the problem at length and',
      'ends here with a full stop.',
      'More words of the body so that its font is the usual one',
      'and the layout can tell it apart from the labels.',
    ];
    const page: PositionedText[] = [
      item('1 Method', 72, 700, bold, 12),
      ...lines.map((text, row) => item(text, 72, 680 - row * 12)),
      ...labelled('Noise Model', 'We add noise to every', 632),
      item('input of the network.', 72, 620),
    ];
    const sentencesOf = (items: PositionedText[]): string[] =>
      assembleParagraphSections(
        layOutPdfPages({ pages: [items], boxes: [letter] }).sections,
      ).sentences.map((sentence) => sentence.text);
    const sentences = sentencesOf(page);
    expect(sentences).toContain('Noise Model');
    expect(sentences).toContain('We add noise to every input of the network.');
    // Indented, the bold words open the paragraph's first sentence.
    const indented = page.map((each) =>
      each.transform[5] === 632
        ? {
            ...each,
            transform: [...each.transform.slice(0, 4), (each.transform[4] ?? 0) + 12, 632],
          }
        : each,
    );
    expect(sentencesOf(indented)).toContain(
      'Noise Model We add noise to every input of the network.',
    );
  });
});

describe('isLabelAndProse', () => {
  it('takes a label ending in a colon and a sentence after it for one line of prose', () => {
    expect(isLabelAndProse(['Noise Defense:', 'The first baseline model, the'])).toBe(true);
  });

  it('leaves table cells, example labels and header pairs as cells', () => {
    expect(isLabelAndProse(['S1:', 'Remedy Corp was sold to'])).toBe(false);
    expect(isLabelAndProse(['Accuracy:', '91.2 84.3 77.0'])).toBe(false);
    expect(isLabelAndProse(['Successful', 'Failed'])).toBe(false);
    expect(isLabelAndProse(['Noise Defense:', 'The first', 'baseline model'])).toBe(false);
  });
});
