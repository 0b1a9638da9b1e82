/** Question autocomplete: the prefix range, any case, shortest then lowest id, rebuilt on change. */
import { describe, expect, it } from 'vitest';
import type { IndexedQuestion } from './indexed-frame.js';
import { QuestionPrefixes } from './question-prefixes.js';

const question = (id: number, text: string): IndexedQuestion => ({
  id: String(id),
  frame: id,
  text,
  origin: 'rule',
});

describe('QuestionPrefixes', () => {
  it('finds the questions starting with the typed text in any case, shortest first, then by id', () => {
    const held = [
      question(5, 'What learning rate is used?'),
      question(2, 'what loss is used?'),
      question(9, 'What LR?'),
      question(3, 'Which optimizer?'),
      question(1, 'What loss is used?'),
      question(7, 'Whatever'),
      question(4, 'How fast is it?'),
    ];
    const prefixes = new QuestionPrefixes(() => held);
    expect(prefixes.withPrefix('what l', 10).map((each) => each.id)).toEqual(['9', '1', '2', '5']);
    expect(prefixes.withPrefix('WHAT L', 2).map((each) => each.id)).toEqual(['9', '1']);
    expect(prefixes.withPrefix('what', 10).map((each) => each.id)).toEqual([
      '7',
      '9',
      '1',
      '2',
      '5',
    ]);
    expect(prefixes.withPrefix('zebra', 10)).toEqual([]);
    expect(prefixes.withPrefix('', 3).map((each) => each.id)).toEqual(['7', '9', '4']);
  });

  it('sees added and removed questions after invalidate', () => {
    const held = [question(1, 'What dataset?')];
    const prefixes = new QuestionPrefixes(() => held);
    expect(prefixes.withPrefix('what', 5)).toHaveLength(1);
    held.push(question(2, 'What GPU?'));
    expect(prefixes.withPrefix('what', 5)).toHaveLength(1);
    prefixes.invalidate();
    expect(prefixes.withPrefix('what', 5).map((each) => each.id)).toEqual(['2', '1']);
  });
});
