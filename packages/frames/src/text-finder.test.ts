import { describe, expect, it } from 'vitest';
import { findText, parseRegexQuery } from './text-finder.js';

const sentences = [
  { text: 'The BLEU score is 28.4 on WMT.', charStart: 0 },
  { text: 'Bleu improves by 2 points; BLEU is reported.', charStart: 40 },
];
const limits = { maxMatches: 100, maxPatternCharacters: 50 };

describe('findText', () => {
  it('finds case-insensitive substrings in reading order with offsets into the paper', () => {
    const matches = findText({ sentences, query: 'bleu', ...limits });
    expect(matches.map((match) => [match.sentence, match.charStart, match.text])).toEqual([
      [0, 4, 'BLEU'],
      [1, 40, 'Bleu'],
      [1, 67, 'BLEU'],
    ]);
  });

  it('honours caseSensitive for plain text', () => {
    expect(findText({ sentences, query: 'Bleu', caseSensitive: true, ...limits })).toHaveLength(1);
  });

  it('runs /regex/ queries with their flags and skips empty matches', () => {
    const numbers = findText({ sentences, query: '/\\d+(\\.\\d+)?/', ...limits });
    expect(numbers.map((match) => match.text)).toEqual(['28.4', '2']);
    expect(findText({ sentences, query: '/bleu/i', ...limits })).toHaveLength(3);
    expect(findText({ sentences, query: '/x*/', ...limits })).toEqual([]);
  });

  it('stops at maxMatches', () => {
    expect(
      findText({ sentences, query: 'e', maxMatches: 2, maxPatternCharacters: 50 }),
    ).toHaveLength(2);
  });

  it('rejects invalid, over-long or oddly flagged patterns with invalid_input', () => {
    expect(() => parseRegexQuery('/(/', limits)).toThrow(/not a valid regular expression/);
    expect(() => parseRegexQuery(`/${'a'.repeat(51)}/`, limits)).toThrow(/shorter/);
    expect(() => parseRegexQuery('/a/y', limits)).toThrow(/flags/);
    expect(parseRegexQuery('plain text', limits)).toBeNull();
  });
});
