import { describe, expect, it } from 'vitest';
import { assembleParagraphSections } from './paper-text-builder.js';
import { layOutPlainText } from './plain-text-layout.js';
import type { TextLine } from './plain-text-layout.js';

function onPage(page: number, ...texts: string[]): TextLine[] {
  return texts.map((text) => ({ text, page }));
}

function assembled(lines: readonly TextLine[]) {
  return assembleParagraphSections(layOutPlainText(lines).sections);
}

describe('layOutPlainText: lines joined into running text', () => {
  const lines = [
    ...onPage(1, 'A Paper Title', '', 'Abstract', 'We study regularization and low-resource'),
    ...onPage(1, 'tasks. A regu-', 'larization term helps low-', 'resource tasks  with'),
    ...onPage(2, 'a gradient-based opti-', 'mizer and a gradient-', 'based search.'),
  ];

  it('stores sentences without newlines or broken words, offsets into the stored text', () => {
    const { text, sentences } = assembled(lines);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'A Paper Title',
      'Abstract',
      'We study regularization and low-resource tasks.',
      'A regularization term helps low-resource tasks with a gradient-based optimizer and a gradient-based search.',
    ]);
    for (const sentence of sentences) {
      expect(text.slice(sentence.charStart, sentence.charEnd)).toBe(sentence.text);
      expect(sentence.text).not.toMatch(/\n|\s{2}/);
    }
  });

  it('keeps each sentence’s page when a line of another page runs on', () => {
    const { sentences } = assembled([
      ...onPage(1, 'Title', '', 'First sentence ends here. Second one is regu-'),
      ...onPage(2, 'larized across the page. Third is on page two.'),
    ]);
    expect(sentences.map((sentence) => [sentence.text, sentence.page])).toEqual([
      ['Title', 1],
      ['First sentence ends here.', 1],
      ['Second one is regularized across the page.', 1],
      ['Third is on page two.', 2],
    ]);
  });

  it('runs a broken word on across a blank line (a column break), but not across a heading', () => {
    const { sentences } = assembled(
      onPage(1, 'Title', '', 'We reveal in-', '', 'ternal links.', '', '2 Method', 'We go on.'),
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Title',
      'We reveal internal links.',
      '2 Method',
      'We go on.',
    ]);
  });

  it('runs on an enumeration written inline when a label wraps to the start of a line', () => {
    const { sentences } = assembled(
      onPage(
        1,
        'Title',
        '',
        'We used it for: (1) proofreading; (2) formatting tables;',
        '(3) plotting; and (4) search.',
        '(1) A list of its own starts here;',
        '(2) It goes on here.',
      ),
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Title',
      'We used it for: (1) proofreading; (2) formatting tables; (3) plotting; and (4) search.',
      'A list of its own starts here;',
      'It goes on here.',
    ]);
  });

  it('starts a paragraph at a list item; its marker stays in the text, out of its sentence', () => {
    const { sentences, text } = assembled(
      onPage(
        1,
        'Title',
        '',
        'It satisfies these properties:',
        '1. The loss is not convex;',
        '2. Every local minimum is global.',
        '• A bullet without a full stop',
        '• Another bullet',
      ),
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'Title',
      'It satisfies these properties:',
      'The loss is not convex;',
      'Every local minimum is global.',
      'A bullet without a full stop',
      'Another bullet',
    ]);
    expect(text).toContain('\n\n1. The loss is not convex;\n\n2. Every');
    expect(text).toContain('\n\n• Another bullet');
  });
});
