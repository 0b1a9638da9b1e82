import { describe, expect, it } from 'vitest';
import {
  collectSimpleMacros,
  dropIffalseBlocks,
  readLatexSource,
  stripLatexComments,
} from './latex-source.js';

describe('stripLatexComments', () => {
  it('drops a comment with its line break and the next indent, keeps an escaped percent', () => {
    expect(stripLatexComments('We gain 5\\% here. % a note\nNext line.')).toBe(
      'We gain 5\\% here. Next line.',
    );
    expect(stripLatexComments('hyphen%\n   ated word')).toBe('hyphenated word');
    // A backslash before the escaped backslash: "\\%" is a line break, then a comment.
    expect(stripLatexComments('a\\\\% gone\nb')).toBe('a\\\\b');
  });
});

describe('dropIffalseBlocks', () => {
  it('drops the block with nested conditionals', () => {
    expect(
      dropIffalseBlocks('Kept. \\iffalse Hidden \\ifx a b \\fi still hidden. \\fi After.'),
    ).toBe('Kept.  After.');
  });
});

describe('readLatexSource', () => {
  const files: Record<string, string> = {
    'paper/main.tex': 'Intro. \\input{sections/one} % old\n\\include{two}\\input{absent}',
    'paper/sections/one.tex': 'One \\input{sections/deeper.tex}',
    'paper/sections/deeper.tex': 'Deep.',
    'paper/two.tex': 'Two.',
  };
  it('inlines inputs against the main folder and reports the missing ones', () => {
    const source = readLatexSource({ mainPath: 'paper/main.tex', read: (path) => files[path] });
    expect(source.text.replace(/\s+/g, ' ').trim()).toBe('Intro. One Deep. Two.');
    expect(source.files).toEqual([
      'paper/main.tex',
      'paper/sections/one.tex',
      'paper/sections/deeper.tex',
      'paper/two.tex',
    ]);
    expect(source.missing).toEqual(['paper/absent']);
  });
  it('does not follow a file into itself', () => {
    const looping = { 'a.tex': 'A \\input{a}' } as Record<string, string>;
    const source = readLatexSource({ mainPath: 'a.tex', read: (path) => looping[path] });
    expect(source.text.trim()).toBe('A');
    expect(source.missing).toEqual(['a']);
  });
});

describe('collectSimpleMacros', () => {
  it('keeps argument-free definitions only', () => {
    const macros = collectSimpleMacros(
      '\\newcommand{\\method}{NameRank}\\newcommand\\ours{\\textsc{Ours}\\xspace}' +
        '\\newcommand{\\vect}[1]{\\mathbf{#1}}\\def\\etal{et al.}\\def\\pair#1{(#1)}',
    );
    expect(Object.fromEntries(macros)).toEqual({
      method: 'NameRank',
      ours: '\\textsc{Ours}\\xspace',
      etal: 'et al.',
    });
  });
});
