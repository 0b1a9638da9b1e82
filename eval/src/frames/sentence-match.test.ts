import { describe, expect, it } from 'vitest';
import {
  normaliseAnswer,
  countBrokenWords,
  countKeptLineEndHyphens,
  holdsAnswer,
  normaliseSentence,
} from './sentence-match.js';

describe('normaliseSentence', () => {
  it('spells out ligatures and applies NFKC', () => {
    expect(normaliseSentence('The ﬁrst ﬂoor, ﬀ, ﬃ, ﬄ')).toBe('the first floor, ff, ffi, ffl');
    // NFKC: full-width letters, superscript digits, the non-breaking space.
    expect(normaliseSentence('ＡＢＣ x²\u00A0y')).toBe('abc x2 y');
  });

  it('folds curly quotes, primes and dashes to ASCII', () => {
    expect(normaliseSentence('“reasonable” ‘single’ it’s')).toBe("\"reasonable\" 'single' it's");
    expect(normaliseSentence('a – b — c − d ‐ e ‑ f')).toBe('a - b - c - d - e - f');
    expect(normaliseSentence('« guillemets » ″ ´')).toBe('" guillemets " " \'');
  });

  it('collapses whitespace, drops invisible characters and folds case', () => {
    expect(normaliseSentence('  Two\n\nLines\tand   SPACES ')).toBe('two lines and spaces');
    expect(normaliseSentence('soft\u00ADhyphen zero\u200Bwidth')).toBe('softhyphen zerowidth');
  });

  it('counts a control character as whitespace, as the product stores it', () => {
    expect(normaliseSentence('[θ, λ, β, \u000F]')).toBe(normaliseSentence('[θ, λ, β,  ]'));
  });

  it('does not forgive a word broken across a line', () => {
    expect(normaliseSentence('infor-\nmation')).toBe('infor- mation');
    expect(normaliseSentence('infor-\nmation')).not.toBe(normaliseSentence('information'));
  });
});

describe('normaliseAnswer', () => {
  it('leaves out the list marker an answer opens with, as ingest stores list items', () => {
    expect(normaliseAnswer('(3) Timeout: The check gives up.')).toBe(
      'timeout: the check gives up.',
    );
    expect(normaliseAnswer('• Each run stops early.')).toBe('each run stops early.');
    // An equation number before a lower-case word is no marker.
    expect(normaliseAnswer('(2) is minimised first.')).toBe('(2) is minimised first.');
  });
});

describe('holdsAnswer', () => {
  const answers = ['The harvest comes in “October”.'].map(normaliseSentence);

  it('accepts a stored sentence that contains an answer after normalisation', () => {
    expect(holdsAnswer('The harvest\ncomes in "October".', answers)).toBe(true);
    expect(holdsAnswer('Glued footnote 3 The harvest comes in ”October”.', answers)).toBe(true);
  });

  it('rejects a part of the answer, a broken word and an empty answer', () => {
    expect(holdsAnswer('The harvest comes in', answers)).toBe(false);
    expect(holdsAnswer('The har- vest comes in "October".', answers)).toBe(false);
    expect(holdsAnswer('anything', [''])).toBe(false);
  });
});

describe('countBrokenWords', () => {
  it('counts a lower-case letter, a hyphen, whitespace and a letter', () => {
    expect(countBrokenWords('regu-\nlarization and mod- els')).toBe(2);
    expect(countBrokenWords('state-of-the-art, low-dimensional, A- B, 3- 4')).toBe(0);
    expect(countBrokenWords('')).toBe(0);
  });
});

describe('countKeptLineEndHyphens', () => {
  it('counts a hyphenated word written once whose joined form the paper also writes', () => {
    expect(
      countKeptLineEndHyphens([
        'We add a regu-larization term.',
        'Regularization helps.',
        'A low-resource task and another low-resource task; lowresource is a typo.',
        'A state-of-the-art model and a cross-lingual one.',
      ]),
    ).toBe(1);
    expect(countKeptLineEndHyphens([])).toBe(0);
  });
});
