import { describe, expect, it } from 'vitest';
import { continuingSuggestions } from './typed-words.js';

const texts = (typed: string, questions: readonly string[]) =>
  continuingSuggestions(
    typed,
    questions.map((text) => ({ text })),
  ).map((suggestion) => suggestion.text);

describe('continuingSuggestions', () => {
  it('drops a near question that lacks the word being typed', () => {
    expect(
      texts('which models suffer from catastrophic forget', [
        'How much memory does the model need?',
        'What causes catastrophic forgetting?',
        'Do the models suffer from catastrophic forgetting?',
      ]),
    ).toEqual([
      // More typed words first, then the order given (nearest first).
      'Do the models suffer from catastrophic forgetting?',
      'What causes catastrophic forgetting?',
    ]);
  });

  it('needs at least half of the typed content words, the last one always', () => {
    const typed = 'which detectors reach high recall on COCO';
    expect(
      texts(typed, [
        'Which dataset has the most images?',
        'What recall on COCO does the detector reach?',
        // Two of the five typed words.
        'Which detector is fastest on COCO?',
        // Four, but not the last.
        'Which detector reaches high recall?',
        'Does the detector reach high recall on COCO?',
      ]),
    ).toEqual([
      'Does the detector reach high recall on COCO?',
      'What recall on COCO does the detector reach?',
    ]);
  });

  it('takes the last word as a prefix only while it is being typed', () => {
    const questions = ['What learning rate is used?', 'How fast does the model learn?'];
    expect(texts('learning ra', questions)).toEqual(['What learning rate is used?']);
    // "ra" followed by a space is a finished word: no question holds it.
    expect(texts('learning ra ', questions)).toEqual([]);
  });

  it('keeps none when nothing typed is a content word or nothing shares the words', () => {
    const questions = ['What learning rate is used?', 'How much memory does the model need?'];
    expect(texts('what is the', questions)).toEqual([]);
    expect(texts('zebra migration patt', questions)).toEqual([]);
  });
});
