import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBilingualLexicon, translateToEnglish } from './bilingual-lexicon.js';
import {
  cognateCandidates,
  englishCognate,
  englishWordsHeader,
  loadEnglishWords,
  parseEnglishWords,
  shippedEnglishWordsFile,
} from './cognates.js';

const english = new Set([
  'hyperspectral',
  'segmentation',
  'classification',
  'annotated',
  'semantic',
  'electrocardiogram',
  'quality',
  'spectral',
  'structure',
  'photography',
  'toxic',
]);

describe('englishCognate', () => {
  it('reads regular endings and spellings of each language', () => {
    const cases: [Parameters<typeof englishCognate>[0]['language'], string, string][] = [
      ['it', 'iperspettrali', 'hyperspectral'],
      ['pt', 'segmentacao', 'segmentation'],
      ['es', 'segmentacion', 'segmentation'],
      ['de', 'klassifikation', 'classification'],
      ['fr', 'annotees', 'annotated'],
      ['es', 'semanticas', 'semantic'],
      ['es', 'electrocardiogramas', 'electrocardiogram'],
      ['de', 'qualitat', 'quality'],
      ['es', 'espectrales', 'spectral'],
      ['es', 'estructura', 'structure'],
      ['it', 'fotografia', 'photography'],
      ['pt', 'toxico', 'toxic'],
    ];
    for (const [language, word, expected] of cases) {
      expect(englishCognate({ language, word, english }), `${language} ${word}`).toBe(expected);
    }
  });

  it('gives nothing for a word that is English already or has no English form', () => {
    expect(englishCognate({ language: 'fr', word: 'segmentation', english })).toBeUndefined();
    expect(englishCognate({ language: 'es', word: 'quiero', english })).toBeUndefined();
    // Too short to trust: "datos" would be "date" or "dates".
    expect(cognateCandidates('es', 'datos')).not.toContain('date');
    expect(cognateCandidates('es', 'datos')).not.toContain('dates');
  });

  it('tries longer endings first', () => {
    const candidates = cognateCandidates('it', 'classificazione');
    expect(candidates[0]).toBe('classification');
  });
});

describe('the shipped English words', () => {
  it('are the catalog words a cognate may be, read once', () => {
    const words = loadEnglishWords();
    expect(loadEnglishWords()).toBe(words);
    expect(words.has('segmentation')).toBe(true);
    expect(words.has('hyperspectral')).toBe(true);
    expect(readFileSync(shippedEnglishWordsFile, 'utf8').split('\n')[0]).toBe(englishWordsHeader);
  });

  it('refuse a bad line, naming the file and line', () => {
    expect(() =>
      parseEnglishWords(`${englishWordsHeader}\nsegmentation\t12\nBad Word\t3\n`, 'words.tsv'),
    ).toThrow(/words\.tsv:3/u);
    expect(() => parseEnglishWords('word\tcount\n', 'words.tsv')).toThrow(/words\.tsv:1/u);
  });
});

describe('translateToEnglish with cognates', () => {
  const lexicon = parseBilingualLexicon('lang\tforeign\tenglish\nit\timmagine\timage\n');

  it('adds the English of a word the dictionary lacks, after the dictionary', () => {
    const { english: found, matched } = translateToEnglish({
      text: 'immagini iperspettrali aeree',
      language: 'it',
      lexicon,
      englishWords: english,
    });
    expect(found).toEqual(['image', 'hyperspectral']);
    expect(matched).toEqual(['immagini', 'iperspettrali']);
  });

  it('leaves languages without cognate rules as they were', () => {
    const japanese = parseBilingualLexicon('lang\tforeign\tenglish\nja\t画像\timage\n');
    expect(
      translateToEnglish({ text: '画像', language: 'ja', lexicon: japanese, englishWords: english })
        .english,
    ).toEqual(['image']);
  });
});
