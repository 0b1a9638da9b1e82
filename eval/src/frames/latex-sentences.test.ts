import { describe, expect, it } from 'vitest';
import {
  bodySentences,
  chooseLatexReferences,
  isCleanReferenceSentence,
  latexReferences,
  spreadEvenly,
} from './latex-sentences.js';
import { unfaithfulMark } from './latex-text.js';

describe('isCleanReferenceSentence', () => {
  it('keeps a plain sentence of 8 to 60 words', () => {
    expect(isCleanReferenceSentence('We train the model on ten years of flood records.')).toBe(
      true,
    );
    expect(
      isCleanReferenceSentence('Does the “delta” flood every spring, or only in wet years?'),
    ).toBe(true);
  });
  it('refuses short, long, unterminated, lower-case, marked and leftover-TeX sentences', () => {
    expect(isCleanReferenceSentence('Too short to count.')).toBe(false);
    expect(isCleanReferenceSentence(`${'word '.repeat(61)}end.`)).toBe(false);
    expect(isCleanReferenceSentence('We train the model on ten years of flood records')).toBe(
      false,
    );
    expect(isCleanReferenceSentence('we train the model on ten years of flood records.')).toBe(
      false,
    );
    expect(
      isCleanReferenceSentence(`We train the model ${unfaithfulMark} on ten years of records.`),
    ).toBe(false);
    expect(isCleanReferenceSentence('We train the {model} on ten years of flood records.')).toBe(
      false,
    );
    expect(isCleanReferenceSentence('We train the model (on ten years of flood records.')).toBe(
      false,
    );
    expect(isCleanReferenceSentence('The code is at https://example.org for all to read.')).toBe(
      false,
    );
  });
});

describe('spreadEvenly', () => {
  it('takes the middle of equal parts, deterministically', () => {
    expect(spreadEvenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 5, 8]);
    expect(spreadEvenly([1, 2], 5)).toEqual([1, 2]);
  });
});

describe('bodySentences', () => {
  it('splits each paragraph with the product splitter', () => {
    expect(bodySentences('One is here. Two\nwraps.\n\nThree, e.g. this.')).toEqual([
      'One is here.',
      'Two wraps.',
      'Three, e.g. this.',
    ]);
  });
});

describe('chooseLatexReferences', () => {
  it('leaves out sentences written twice or inside a caption', () => {
    const repeated = 'This sentence is written twice in the same paper body.';
    const captioned = 'This sentence also appears inside a figure caption text.';
    const kept = 'This sentence appears only once in the body of the paper.';
    const chosen = chooseLatexReferences({
      body: `${repeated} ${captioned}\n\n${kept} ${repeated}`,
      asides: [{ kind: 'caption', text: `Overview. ${captioned}` }],
    });
    expect(chosen.sentences).toEqual([kept]);
    expect(chosen.asides).toHaveLength(1);
  });
});

describe('latexReferences', () => {
  it('reads the source through the reader and returns clean sentences and asides', () => {
    const files: Record<string, string> = {
      'main.tex':
        '\\documentclass{article}\\newcommand{\\sys}{Delta}\\begin{document}\\input{intro}\\end{document}',
      'intro.tex':
        '\\section{Introduction}\n\\sys{} predicts floods in a river delta from ten years of records.\n' +
        'It beats the baseline~\\cite{x} on every station we tried.\\footnote{Stations are listed in the appendix of this paper.}\n',
    };
    const found = latexReferences({ mainPath: 'main.tex', read: (path) => files[path] });
    expect(found.sentences).toEqual([
      'Delta predicts floods in a river delta from ten years of records.',
    ]);
    expect(found.asides).toEqual([
      { kind: 'footnote', text: 'Stations are listed in the appendix of this paper.' },
    ]);
    expect(found.files).toEqual(['main.tex', 'intro.tex']);
  });
});
