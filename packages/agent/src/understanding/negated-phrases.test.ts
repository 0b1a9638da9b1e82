import { describe, expect, it } from 'vitest';
import { splitClausesOfNoUse, splitNegated } from './negated-phrases.js';

describe('negated phrases in other languages', () => {
  it('splits what a negation governs from what is asked for', () => {
    expect(splitNegated('Nur Vogelstimmen, keine Musik und keine Autos', 'de')).toEqual({
      positive: 'Nur Vogelstimmen, , und ,',
      negated: ['Musik', 'Autos'],
    });
    expect(splitNegated('Solo radiografías, sin resonancias', 'es').negated).toEqual([
      'resonancias',
    ]);
    expect(splitNegated('détection, pas de la classification', 'fr').negated).toEqual([
      'de la classification',
    ]);
    expect(splitNegated('sınıflandırma değil, tespit lazım', 'tr').negated).toEqual([
      'sınıflandırma',
    ]);
    expect(splitNegated('en español (nada de inglés)', 'es').negated).toEqual(['inglés']);
    expect(splitNegated('ningún corpus sintético', 'es').negated).toEqual(['corpus sintético']);
    expect(splitNegated('不要音乐，只要鸟叫声', 'zh').negated).toEqual(['音乐']);
    expect(
      splitNegated('読み上げ音声がいいです。雑音の多いデータは不要です。', 'ja').negated,
    ).toEqual(['雑音の多いデータ']);
  });

  it('carries a negation over "ni", reads one at a Chinese clause end, and not a question', () => {
    expect(
      splitNegated("en français, pas CNN/DailyMail ni d'autres corpus anglais", 'fr').negated,
    ).toEqual(["CNN/DailyMail ni d'autres corpus anglais"]);
    expect(splitNegated('简体或繁体都可以，英文的就不用了', 'zh').negated).toEqual(['英文的就']);
    // "有没有" asks whether there is one: nothing is negated.
    expect(splitNegated('有没有中文的机器阅读理解数据集？', 'zh').negated).toEqual([]);
  });

  it('rules out a clause said to be of no use, the negation after it', () => {
    const split = splitClausesOfNoUse(
      'Me interesan los extractivos. Los de opción múltiple, como los del sistema sanitario, no me sirven.',
      'es',
    );
    expect(split.negated).toEqual(['Los de opción múltiple, como los del sistema sanitario']);
    expect(split.positive).not.toMatch(/sanitario/);
    expect(split.positive).toMatch(/extractivos/);
    expect(splitClausesOfNoUse('As de múltipla escolha não nos servem.', 'pt').negated).toEqual([
      'As de múltipla escolha',
    ]);
  });

  it('leaves English to the refinement reader', () => {
    expect(splitNegated('no music please', 'en')).toEqual({
      positive: 'no music please',
      negated: [],
    });
  });
});
