import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bilingualLexiconHeader,
  bilingualLexiconLanguages,
  loadBilingualLexicon,
  parseBilingualLexicon,
  shippedBilingualLexiconFile,
  translateToEnglish,
} from './bilingual-lexicon.js';
import type { BilingualLexiconLanguage } from './bilingual-lexicon.js';

/** The English words of a translation, split out of its phrases. */
function englishWords(text: string, language: BilingualLexiconLanguage): string[] {
  return translateToEnglish({ text, language }).english.flatMap((phrase) => phrase.split(' '));
}

describe('the shipped bilingual lexicon', () => {
  it('is read once, with entries for every language', () => {
    const lexicon = loadBilingualLexicon();
    expect(loadBilingualLexicon()).toBe(lexicon);
    for (const language of bilingualLexiconLanguages) {
      expect(lexicon.get(language)?.translations.size ?? 0).toBeGreaterThan(100);
    }
  });

  it('is sorted by language and headword, at most two translations per headword', () => {
    const lines = readFileSync(shippedBilingualLexiconFile, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(bilingualLexiconHeader);
    const keys = lines.slice(1).map((line) => line.split('\t').slice(0, 2).join('\t'));
    const perHeadword = new Map<string, number>();
    for (const key of keys) perHeadword.set(key, (perHeadword.get(key) ?? 0) + 1);
    expect(Math.max(...perHeadword.values())).toBeLessThanOrEqual(2);
    const sorted = [...keys].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    expect(keys).toEqual(sorted);
  });
});

describe('translateToEnglish', () => {
  it('Spanish: plurals and accents, with or without them', () => {
    const text = 'Busco un conjunto de datos de imágenes médicas con preguntas y respuestas';
    const result = translateToEnglish({ text, language: 'es' });
    expect(result.english).toEqual(
      expect.arrayContaining(['image', 'medical', 'question', 'answer']),
    );
    // "médicas" is no dictionary word: its English comes from the cognate rules.
    expect(result.matched).toEqual(['imágenes', 'médicas', 'preguntas', 'respuestas']);
    expect(englishWords('IMAGENES de rostros', 'es')).toEqual(
      expect.arrayContaining(['image', 'face']),
    );
    expect(englishWords('reconocimiento de voz en español', 'es')).toEqual(
      expect.arrayContaining(['voice', 'spanish']),
    );
  });

  it('French: speech, faces and cars; a phrase before its words', () => {
    expect(englishWords('reconnaissance de la parole', 'fr')).toContain('speech');
    expect(englishWords('des images de visages et des voitures', 'fr')).toEqual(
      expect.arrayContaining(['face', 'car']),
    );
    const phrase = translateToEnglish({ text: 'un corpus en langue française', language: 'fr' });
    expect(phrase.english).toContain('french language');
    expect(phrase.matched).toEqual(['langue française']);
  });

  it('German: compounds whole or in two parts, inflected plurals, English words left alone', () => {
    expect(translateToEnglish({ text: 'Spracherkennung', language: 'de' }).english[0]).toBe(
      'speech recognition',
    );
    const text = 'Datensätze für Objekterkennung in Videos und Bildklassifikation';
    const result = translateToEnglish({ text, language: 'de' });
    expect(result.english).toEqual(
      expect.arrayContaining(['data sets', 'object', 'recognition', 'image', 'classification']),
    );
    expect(result.matched).toEqual(['Datensätze', 'Objekterkennung', 'Bildklassifikation']);
    expect(englishWords('Ich brauche medizinische Bilder für die Segmentierung', 'de')).toEqual(
      expect.arrayContaining(['medical', 'images', 'segmentation']),
    );
  });

  it('Japanese: the longest headword at each position, with no spaces to go by', () => {
    expect(translateToEnglish({ text: '音声認識のデータセット', language: 'ja' })).toEqual({
      english: ['speech recognition', 'data set', 'data-set'],
      matched: ['音声認識', 'データセット'],
    });
    expect(englishWords('画像分類と物体検出のためのデータ', 'ja')).toEqual(
      expect.arrayContaining(['image', 'classification', 'object', 'detection', 'data']),
    );
    expect(englishWords('ニュース記事の要約', 'ja')).toEqual(
      expect.arrayContaining(['news', 'article', 'summary']),
    );
  });

  it('Portuguese, Italian and Dutch requests', () => {
    expect(englishWords('tradução automática de perguntas e respostas', 'pt')).toEqual(
      expect.arrayContaining(['translation', 'question', 'answer']),
    );
    expect(englishWords('análise de sentimentos', 'pt')).toEqual(['analysis', 'sentiment']);
    expect(englishWords('immagini di volti e traduzione di domande', 'it')).toEqual(
      expect.arrayContaining(['image', 'translation', 'question']),
    );
    expect(englishWords('afbeeldingen en spraak', 'nl')).toEqual(
      expect.arrayContaining(['image', 'speech']),
    );
    expect(englishWords('vertaling van vragen en antwoorden', 'nl')).toEqual(
      expect.arrayContaining(['translation', 'answer']),
    );
  });

  it('Polish phrases and case endings, Turkish and Arabic words', () => {
    expect(translateToEnglish({ text: 'mowa nienawiści w sieci', language: 'pl' })).toEqual({
      english: ['hate speech', 'network', 'web'],
      matched: ['mowa nienawiści', 'sieci'],
    });
    expect(englishWords('rozpoznawanie mowy', 'pl')).toEqual(
      expect.arrayContaining(['recognition', 'speech']),
    );
    expect(englishWords('analiza sentymentu', 'pl')).toEqual(['analysis', 'sentiment']);
    expect(englishWords('sorulara cevap', 'tr')).toContain('answer');
    expect(englishWords('النصوص العربية', 'ar')).toEqual(
      expect.arrayContaining(['texts', 'arabic']),
    );
    expect(englishWords('صور طبية', 'ar')).toContain('medical');
  });

  it('finds nothing to translate in English requests', () => {
    const requests = [
      'object detection datasets with images and videos',
      'speech recognition corpus for machine translation',
      'I need a dataset of medical images for segmentation',
      'question answering over tables and text',
    ];
    for (const language of bilingualLexiconLanguages) {
      for (const text of requests) {
        expect(translateToEnglish({ text, language }), `${language}: ${text}`).toEqual({
          english: [],
          matched: [],
        });
      }
    }
  });

  it('reads a lexicon it is given, and rejects a malformed one', () => {
    const lexicon = parseBilingualLexicon(
      `${bilingualLexiconHeader}\nes\tconjunto de datos\tdataset\nes\tdato\tdatum\n`,
    );
    expect(translateToEnglish({ text: 'un conjunto de datos', language: 'es', lexicon })).toEqual({
      english: ['dataset'],
      matched: ['conjunto de datos'],
    });
    expect(translateToEnglish({ text: 'los datos', language: 'es', lexicon }).english).toEqual([
      'datum',
    ]);
    expect(() => parseBilingualLexicon('foreign\tenglish\n')).toThrow(/first line/u);
    expect(() => parseBilingualLexicon(`${bilingualLexiconHeader}\nxx\tfoo\tbar\n`)).toThrow(
      /:2: /u,
    );
  });
});
