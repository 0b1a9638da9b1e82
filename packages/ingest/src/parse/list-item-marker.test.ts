import { describe, expect, it } from 'vitest';
import { listItemMarkerLength, withoutListItemMarker } from './list-item-marker.js';
import { assembleParagraphSections } from './paper-text-builder.js';

function itemText(sentence: string): string {
  return sentence.slice(listItemMarkerLength(sentence));
}

describe('listItemMarkerLength', () => {
  it('finds a bullet, a number or a bracketed label that opens a list item', () => {
    expect(itemText('• The Prover needs to store all information.')).toBe(
      'The Prover needs to store all information.',
    );
    expect(itemText('\uF0B7 Each node keeps a copy.')).toBe('Each node keeps a copy.');
    expect(itemText('2. It must be mutually trusted.')).toBe('It must be mutually trusted.');
    expect(itemText('12. then the loop ends.')).toBe('then the loop ends.');
    expect(itemText('(A) Check the relative efficiency.')).toBe('Check the relative efficiency.');
    expect(itemText('(iv) The last step.')).toBe('The last step.');
    expect(itemText('3) Run the tests.')).toBe('Run the tests.');
    expect(itemText('b) 40 runs were made.')).toBe('40 runs were made.');
    expect(itemText('– KNN: The nearest items vote.')).toBe('KNN: The nearest items vote.');
    expect(itemText('∗ Two passes are made.')).toBe('Two passes are made.');
  });

  it('leaves equation numbers, initials, citations and numbers that are the sentence alone', () => {
    for (const sentence of [
      '(2) is minimised when the step is small.',
      'A. Smith proposed it.',
      '[3] showed that it converges.',
      '– and so on.',
      '2.5 times faster than before.',
      '2019 was a good year.',
      '•',
      '3.',
    ]) {
      expect(listItemMarkerLength(sentence)).toBe(0);
    }
  });
});

describe('withoutListItemMarker', () => {
  it('moves the span past the marker and the spaces after it', () => {
    const text = 'Steps:\n\n• Load the data.';
    const start = text.indexOf('•');
    const span = withoutListItemMarker({ text: '• Load the data.', start, end: text.length });
    expect(span.text).toBe('Load the data.');
    expect(text.slice(span.start, span.end)).toBe(span.text);
  });

  it('keeps the marker in the paper text but not in a body sentence, and leaves references alone', () => {
    const assembled = assembleParagraphSections([
      {
        title: 'Method',
        paragraphs: [
          { text: 'We need three things:' },
          { text: '1. It must be trusted. It must be fast.' },
          { text: '• (A) Check the estimators.' },
        ],
      },
      { title: 'References', kind: 'references', paragraphs: [{ text: '1. Smith, J.: A book.' }] },
    ]);
    expect(assembled.sentences.map((sentence) => sentence.text)).toEqual([
      'We need three things:',
      'It must be trusted.',
      'It must be fast.',
      '(A) Check the estimators.',
      '1. Smith, J.: A book.',
    ]);
    expect(assembled.text).toContain('1. It must be trusted.');
    for (const sentence of assembled.sentences) {
      expect(assembled.text.slice(sentence.charStart, sentence.charEnd)).toBe(sentence.text);
    }
  });
});
