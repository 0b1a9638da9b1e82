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

/** A sentence built to make backtracking engines take exponential time on the patterns below. */
function adversarialSentences(): { text: string; charStart: number }[] {
  const words = Array.from({ length: 400 }, (_, position) => `word${position}`).join(' ');
  return [
    { text: `${words}!`, charStart: 0 },
    { text: `${'a'.repeat(5000)}!`, charStart: 10_000 },
    { text: `${'a'.repeat(5000)}`, charStart: 20_000 },
    { text: `${'ab '.repeat(2000)}`, charStart: 30_000 },
  ];
}

describe('findText cannot hang on catastrophic patterns', () => {
  const catastrophic = [
    '/(\\w+\\s?)+$/',
    '/(a+)+$/',
    '/(a|aa)+b/',
    '/(.*a){20}/',
    '/(a*)*b/',
    '/(\\w+)*!x/',
    '/^(([a-z])+.)+[A-Z]([a-z])+$/',
    '/(x+x+)+y/i',
    '/(?:a|a)*c/s',
  ];
  it.each(catastrophic)(
    '%s over long adversarial sentences finishes instead of backtracking for ever',
    (query) => {
      const startedAt = performance.now();
      findText({
        sentences: adversarialSentences(),
        query,
        maxMatches: 1000,
        maxPatternCharacters: 200,
      });
      // A hang guard, not a speed target: backtracking over 5,000 characters would take ages.
      expect(performance.now() - startedAt).toBeLessThan(10_000);
    },
  );
});

describe('findText regular expressions on the linear-time engine', () => {
  const paper = [
    { text: 'Table 3: F1 is 91.2 on CoNLL-2003 and 88.5 on OntoNotes.', charStart: 0 },
    { text: 'We train for 10 epochs.\nThen we fine-tune for 2 epochs.', charStart: 100 },
    { text: 'Résumé of the naïve CAFÉ baseline.', charStart: 200 },
  ];
  const sameAsJavaScript = [
    '/\\d+(\\.\\d+)?/',
    '/[A-Z][a-zA-Z]+-\\d{4}/',
    '/f1|bleu/i',
    '/^Then/m',
    '/epochs\\.$/m',
    '/epochs\\..Then/s',
    '/(?<year>\\d{4})/',
    '/café/iu',
    '/\\bba\\w+/',
    '/\\u00e9/',
  ];
  it.each(sameAsJavaScript)('%s gives the same matches as JavaScript RegExp', (query) => {
    const [, pattern = '', flags = ''] = /^\/(.+)\/([a-z]*)$/s.exec(query) ?? [];
    const regex = new RegExp(pattern, `${flags}g`);
    const expected = paper.flatMap((sentence, position) =>
      [...sentence.text.matchAll(regex)]
        .filter((match) => match[0].length > 0)
        .map((match) => ({
          sentence: position,
          charStart: sentence.charStart + match.index,
          charEnd: sentence.charStart + match.index + match[0].length,
          text: match[0],
        })),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(findText({ sentences: paper, query, ...limits })).toEqual(expected);
  });

  it('gives JavaScript string offsets past surrogate pairs and CJK text', () => {
    const sentences = [{ text: '😀 模型 BLEU 😀😀 达到 28.4 分', charStart: 5 }];
    const matches = findText({ sentences, query: '/\\d+\\.\\d|达到|BLEU/', ...limits });
    for (const match of matches) {
      const text = sentences[0]?.text ?? '';
      expect(text.slice(match.charStart - 5, match.charEnd - 5)).toBe(match.text);
    }
    expect(matches.map((match) => [match.charStart, match.text])).toEqual([
      [5 + '😀 模型 '.length, 'BLEU'],
      [5 + '😀 模型 BLEU 😀😀 '.length, '达到'],
      [5 + '😀 模型 BLEU 😀😀 达到 '.length, '28.4'],
    ]);
    // One match per code point, never half a surrogate pair.
    expect(findText({ sentences, query: '/😀./u', ...limits }).map((match) => match.text)).toEqual([
      '😀 ',
      '😀😀',
    ]);
  });

  it('says that backreferences and lookaround are not supported', () => {
    for (const query of [
      '/(a)\\1/',
      '/(?<w>a)\\k<w>/',
      '/a(?=b)/',
      '/a(?!b)/',
      '/(?<=a)b/',
      '/(?<!a)b/',
    ]) {
      expect(() => parseRegexQuery(query, limits)).toThrow(
        /backreferences and lookaround are not supported/,
      );
    }
    expect(parseRegexQuery('/a\\\\1/', limits)?.matches('a\\1')).toEqual([{ start: 0, end: 3 }]);
  });
});
