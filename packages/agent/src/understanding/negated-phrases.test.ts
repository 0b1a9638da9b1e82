import { describe, expect, it } from 'vitest';
import { splitNegated } from './negated-phrases.js';

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
    expect(splitNegated('不要音乐，只要鸟叫声', 'zh').negated).toEqual(['音乐']);
  });

  it('leaves English to the refinement reader', () => {
    expect(splitNegated('no music please', 'en')).toEqual({
      positive: 'no music please',
      negated: [],
    });
  });
});
