import { describe, expect, it } from 'vitest';
import {
  bilingualLexiconHeader,
  buildEnglishVocabulary,
  formatBilingualLexicon,
  lexiconEntries,
  lexiconHeadword,
  translationFrequency,
} from './build-bilingual-lexicon.js';
import {
  cleanTranslation,
  decodeDictdNumber,
  parseFreedictArticle,
} from './freedict-dictionaries.js';

// Articles below are made up in the layout the FreeDict dictd files use; no dictionary is read.

describe('dictd index numbers', () => {
  it('are base 64 in the digit order A-Z a-z 0-9 + /', () => {
    expect(decodeDictdNumber('A')).toBe(0);
    expect(decodeDictdNumber('z')).toBe(51);
    expect(decodeDictdNumber('/')).toBe(63);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(() => decodeDictdNumber('B-')).toThrow(/not a dictd number/u);
  });
});

describe('parseFreedictArticle', () => {
  it('reads numbered senses, first line each, past part-of-speech lines', () => {
    const article = parseFreedictArticle(
      'kumo /kumo/, くも /kumo/\n1. (noun (common))\ncloud, clouds (in the sky)\n2. haze\nmist\n',
    );
    expect(article.headwords).toEqual(['kumo', 'くも']);
    expect(article.senses).toEqual([['cloud', 'clouds'], ['haze']]);
    expect(article.tagged).toBe(false);
  });

  it('reads one unnumbered sense and skips notes, examples and definitions', () => {
    const article = parseFreedictArticle(
      'Wolke /ˈvɔlkə/ <fem, n, sg>\n [meteo.] cloud <n>, storm cloud <n>\n' +
        '      "eine Wolke"  - a cloud\n   Synonym: {Nebel}\n\n see: {Wolken}\n\n',
    );
    expect(article).toEqual({
      headwords: ['Wolke'],
      tagged: true,
      senses: [['cloud', 'storm cloud']],
    });
    expect(parseFreedictArticle('chmura /x/ <n>\ncloud\nkłąb pary w powietrzu\n').senses).toEqual([
      ['cloud'],
    ]);
  });

  it('takes no headword from an example sentence', () => {
    expect(parseFreedictArticle('Es regnet, sagt er. /x/\nit rains\n').headwords).toEqual([]);
  });
});

describe('cleanTranslation and lexiconHeadword', () => {
  it('keep short lower-case English phrases', () => {
    expect(cleanTranslation('To Learn sth.')).toBe('learn');
    expect(cleanTranslation('the cloud')).toBe('cloud');
    expect(cleanTranslation('a very long four word phrase')).toBeUndefined();
    expect(cleanTranslation('e.g.')).toBeUndefined();
  });

  it('fold case, keep accents, and refuse noisy headwords', () => {
    expect(lexiconHeadword('es', 'Detección')).toBe('detección');
    expect(lexiconHeadword('es', 'de')).toBeUndefined();
    expect(lexiconHeadword('ja', '雲')).toBeUndefined();
    expect(lexiconHeadword('ja', 'くもり')).toBeUndefined();
    expect(lexiconHeadword('ja', '雲海')).toBe('雲海');
    expect(lexiconHeadword('ar', 'سَحَاب')).toBe('سحاب');
  });
});

describe('choosing translations', () => {
  const vocabulary = buildEnglishVocabulary({
    texts: [
      'cloud images of the sky',
      'satellite images of clouds',
      'cloud images from space',
      'weather radar images',
    ],
    extraWords: 'speech',
  });

  it('counts words as written, their plurals, and analyzed phrases', () => {
    expect(vocabulary.wordFrequency('cloud')).toBe(2);
    expect(vocabulary.wordFrequency('clouds')).toBe(2);
    expect(vocabulary.wordFrequency('image')).toBe(4);
    expect(vocabulary.wordFrequency('speech')).toBe(1);
    const frequency = (english: string): number =>
      translationFrequency({ english, vocabulary, minWordFrequency: 2, minPhraseFrequency: 2 });
    expect(frequency('cloud images')).toBe(2);
    expect(frequency('sky')).toBe(0);
    expect(frequency('of clouds')).toBe(0);
  });

  it('keeps the earliest sense first, then the most used of the rest', () => {
    const entries = lexiconEntries({
      language: 'es',
      articles: [{ headwords: ['Nube'], tagged: false, senses: [['cloud'], ['sky'], ['image']] }],
      vocabulary,
      maxPerHeadword: 2,
      minWordFrequency: 2,
      minPhraseFrequency: 2,
    });
    expect(entries).toEqual([
      { language: 'es', foreign: 'nube', english: 'cloud' },
      { language: 'es', foreign: 'nube', english: 'image' },
    ]);
    expect(formatBilingualLexicon(entries)).toBe(
      `${bilingualLexiconHeader}\nes\tnube\tcloud\nes\tnube\timage\n`,
    );
  });
});
