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

  it('sees appended questions at once, and a removed one after invalidate', () => {
    const held: (IndexedQuestion | null)[] = [question(1, 'What dataset?')];
    const prefixes = new QuestionPrefixes(() => held);
    expect(prefixes.withPrefix('what', 5)).toHaveLength(1);
    held.push(question(2, 'What GPU?'));
    expect(prefixes.withPrefix('what', 5).map((each) => each.id)).toEqual(['2', '1']);
    held[1] = null;
    prefixes.invalidate();
    expect(prefixes.withPrefix('what', 5).map((each) => each.id)).toEqual(['1']);
  });

  it('merges appended questions into the table as a full sort would order them', () => {
    const words = ['what', 'which', 'how', 'why', 'what is', 'which data'];
    const texts = Array.from(
      { length: 400 },
      (_, index) =>
        `${words[(index * 7) % words.length]} ${(index * 31) % 97} ${'x'.repeat(index % 5)}?`,
    );
    const held = texts.slice(0, 150).map((text, index) => question(index, text));
    const growing = new QuestionPrefixes(() => held);
    expect(growing.withPrefix('wh', 500)).toHaveLength(
      texts.slice(0, 150).filter((text) => text.startsWith('wh')).length,
    );
    // An index grown from this one starts from its table and appends rows of its own.
    const grownRows = [...held];
    const grown = new QuestionPrefixes(() => grownRows);
    grown.startFrom(growing);
    for (const [index, text] of texts.slice(150).entries())
      grownRows.push(question(150 + index, text));
    const fresh = new QuestionPrefixes(() => grownRows);
    for (const prefix of ['', 'wh', 'what', 'which d', 'how 3', 'why 1']) {
      expect(grown.withPrefix(prefix, 25)).toEqual(fresh.withPrefix(prefix, 25));
    }
    // The index it grew from still sees only its own rows.
    expect(growing.withPrefix('', 500)).toHaveLength(150);
  });
});
