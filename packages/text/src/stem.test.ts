import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';

/** Examples given step by step in Porter (1980). */
const paperExamples: Record<string, string> = {
  // Step 1a.
  caresses: 'caress',
  ponies: 'poni',
  ties: 'ti',
  caress: 'caress',
  cats: 'cat',
  // Step 1b.
  feed: 'feed',
  agreed: 'agre',
  plastered: 'plaster',
  bled: 'bled',
  motoring: 'motor',
  sing: 'sing',
  conflated: 'conflat',
  troubled: 'troubl',
  sized: 'size',
  hopping: 'hop',
  tanned: 'tan',
  falling: 'fall',
  hissing: 'hiss',
  fizzed: 'fizz',
  failing: 'fail',
  filing: 'file',
  // Step 1c.
  happy: 'happi',
  sky: 'sky',
  // Step 2.
  relational: 'relat',
  conditional: 'condit',
  rational: 'ration',
  valenci: 'valenc',
  digitizer: 'digit',
  conformabli: 'conform',
  radicalli: 'radic',
  differentli: 'differ',
  vileli: 'vile',
  analogousli: 'analog',
  vietnamization: 'vietnam',
  predication: 'predic',
  operator: 'oper',
  feudalism: 'feudal',
  decisiveness: 'decis',
  hopefulness: 'hope',
  callousness: 'callous',
  formaliti: 'formal',
  sensitiviti: 'sensit',
  sensibiliti: 'sensibl',
  // Step 3.
  triplicate: 'triplic',
  formative: 'form',
  formalize: 'formal',
  electriciti: 'electr',
  electrical: 'electr',
  hopeful: 'hope',
  goodness: 'good',
  // Step 4.
  revival: 'reviv',
  allowance: 'allow',
  inference: 'infer',
  airliner: 'airlin',
  gyroscopic: 'gyroscop',
  adjustable: 'adjust',
  defensible: 'defens',
  irritant: 'irrit',
  replacement: 'replac',
  adjustment: 'adjust',
  dependent: 'depend',
  adoption: 'adopt',
  homologou: 'homolog',
  communism: 'commun',
  activate: 'activ',
  angulariti: 'angular',
  homologous: 'homolog',
  effective: 'effect',
  bowdlerize: 'bowdler',
  // Step 5.
  probate: 'probat',
  rate: 'rate',
  cease: 'ceas',
  controll: 'control',
  roll: 'roll',
  // The paper's closing example and some words from our own domain.
  generalizations: 'gener',
  oscillators: 'oscil',
  datasets: 'dataset',
  embeddings: 'embed',
  classification: 'classif',
  retrieval: 'retriev',
};

describe('stem', () => {
  it('reproduces the paper examples through all five steps', () => {
    const stems = Object.fromEntries(Object.keys(paperExamples).map((word) => [word, stem(word)]));
    expect(stems).toEqual(paperExamples);
  });

  it('maps inflections of one word to one stem', () => {
    const forms = ['connect', 'connected', 'connecting', 'connection', 'connections'];
    expect(new Set(forms.map(stem))).toEqual(new Set(['connect']));
  });

  it('leaves short words, numbers and non-ASCII words unchanged', () => {
    expect(stem('is')).toBe('is');
    expect(stem('3.5')).toBe('3.5');
    expect(stem('covid19')).toBe('covid19');
    expect(stem('ελληνικά')).toBe('ελληνικά');
    expect(stem('')).toBe('');
  });

  it('treats y as a vowel after a consonant and as a consonant otherwise', () => {
    expect(stem('syzygy')).toBe('syzygi');
    expect(stem('toy')).toBe('toi');
    expect(stem('enjoying')).toBe('enjoi');
  });
});
