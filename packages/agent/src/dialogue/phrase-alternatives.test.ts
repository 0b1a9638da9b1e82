import { describe, expect, it } from 'vitest';
import { mostPhraseAlternatives, phraseAlternatives } from './phrase-alternatives.js';

describe('phraseAlternatives', () => {
  it('gives each alternative of a slash the words around it', () => {
    expect(phraseAlternatives('curved / arbitrary-shaped text polygon annotations')).toEqual([
      'curved text polygon annotations',
      'arbitrary-shaped text polygon annotations',
    ]);
    expect(phraseAlternatives('social/collaboration networks')).toEqual([
      'social networks',
      'collaboration networks',
    ]);
  });

  it('reads whole phrases between " | " as alternatives, each with its own slashes', () => {
    expect(
      phraseAlternatives('audio adaptation speech recognition | sound event detection'),
    ).toEqual(['audio adaptation speech recognition', 'sound event detection']);
    expect(phraseAlternatives('speech/voice recognition | keyword spotting')).toEqual([
      'speech recognition',
      'voice recognition',
      'keyword spotting',
    ]);
  });

  it('combines several slashes and keeps a phrase without one as it is', () => {
    expect(phraseAlternatives('thermal/infrared cameras / scanners')).toEqual([
      'thermal cameras',
      'thermal scanners',
      'infrared cameras',
      'infrared scanners',
    ]);
    expect(phraseAlternatives('medical/clinical/healthcare')).toEqual([
      'medical',
      'clinical',
      'healthcare',
    ]);
    expect(phraseAlternatives('multi-hop questions')).toEqual(['multi-hop questions']);
  });

  it('ignores a slash with nothing on one side and caps the alternatives', () => {
    expect(phraseAlternatives('scanners /')).toEqual(['scanners']);
    expect(phraseAlternatives('a/b c/d e/f g/h').length).toBe(mostPhraseAlternatives);
  });
});
