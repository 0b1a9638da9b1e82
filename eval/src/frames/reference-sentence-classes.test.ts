import { describe, expect, it } from 'vitest';
import {
  classifyReference,
  countReferenceClasses,
  referenceFidelity,
  storedPaperSentences,
} from './reference-sentence-classes.js';

const stored = storedPaperSentences([
  'Farmers plant rice after the water recedes.',
  'The harvest comes',
  'in October every year.',
  'Figure 2: Rainfall by month in the delta. The model was trained on ten years of records.',
  '1 Our station list is online. We measured floods at twelve stations.',
  'Introduction We study how a river delta floods.',
  'The learn- ing rate was 0.01 throughout.',
]);
const asides = [
  { kind: 'caption' as const, text: 'Rainfall by month in the delta.' },
  { kind: 'footnote' as const, text: 'Our station list is online.' },
];
const verdict = (sentence: string) => classifyReference({ sentence, stored, asides });

describe('classifyReference', () => {
  it('is intact when one stored sentence equals it after normalisation', () => {
    expect(
      verdict('Farmers plant rice after the water “recedes”.'.replace(/[“”]/g, '')).class,
    ).toBe('intact');
    expect(verdict('FARMERS   plant rice after the water recedes.').class).toBe('intact');
  });
  it('is split when consecutive stored sentences joined equal it', () => {
    expect(verdict('The harvest comes in October every year.')).toMatchObject({
      class: 'split',
      stored: 'The harvest comes | in October every year.',
    });
  });
  it('is merged with a caption, a footnote or other text', () => {
    expect(verdict('The model was trained on ten years of records.')).toMatchObject({
      class: 'merged',
      mergedWith: 'caption',
    });
    expect(verdict('We measured floods at twelve stations.')).toMatchObject({
      class: 'merged',
      mergedWith: 'footnote',
    });
    // A list marker is other text, even when a caption holds the same word.
    expect(
      classifyReference({
        sentence: 'Check the relative efficiency of the estimators.',
        stored: storedPaperSentences(['(A) Check the relative efficiency of the estimators.']),
        asides: [{ kind: 'caption', text: 'Panel (A) shows the efficiency.' }],
      }),
    ).toMatchObject({ class: 'merged', mergedWith: 'other' });
    expect(verdict('We study how a river delta floods.')).toMatchObject({
      class: 'merged',
      mergedWith: 'other',
    });
  });
  it('is lost otherwise, near when only spacing or punctuation differ', () => {
    expect(verdict('The learning rate was 0.01 throughout.')).toMatchObject({
      class: 'lost',
      near: true,
      stored: 'The learn- ing rate was 0.01 throughout.',
    });
    expect(verdict('Nothing like this sentence is stored.')).toMatchObject({
      class: 'lost',
      near: false,
      stored: null,
    });
  });
  it('calls other text merged when no caption or footnote texts are given', () => {
    const bare = classifyReference({
      sentence: 'The model was trained on ten years of records.',
      stored,
    });
    expect(bare).toMatchObject({ class: 'merged', mergedWith: 'other' });
  });
});

describe('countReferenceClasses and referenceFidelity', () => {
  it('counts classes with rates, overall and by template and layout', () => {
    const fidelity = referenceFidelity({
      storedSentencesByFile: new Map([
        ['a.pdf', ['One intact sentence here.', 'Heading Two merged sentence here.']],
        ['b.pdf', ['Three intact sentence here.']],
      ]),
      references: [
        { file: 'a.pdf', sentence: 'One intact sentence here.' },
        { file: 'a.pdf', sentence: 'Two merged sentence here.' },
        { file: 'b.pdf', sentence: 'Three intact sentence here.' },
        { file: 'c.pdf', sentence: 'Four from a paper not ingested.' },
      ],
      papers: [
        { file: 'a.pdf', template: 'acl', layout: 'two-column' },
        { file: 'b.pdf', template: 'lncs', layout: 'one-column' },
      ],
    });
    expect(fidelity).toMatchObject({
      references: 4,
      intact: 2,
      merged: 1,
      mergedWithOther: 1,
      lost: 1,
      intactPercent: 50,
      lostPercent: 25,
    });
    expect(fidelity.byTemplate).toMatchObject({
      acl: { references: 2, intact: 1, merged: 1 },
      lncs: { references: 1, intact: 1 },
      unknown: { references: 1, lost: 1 },
    });
    expect(Object.keys(fidelity.byLayout)).toEqual(['one-column', 'two-column', 'unknown']);
    expect(countReferenceClasses([]).intactPercent).toBeNull();
  });
});
