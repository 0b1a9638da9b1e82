import { describe, expect, it } from 'vitest';
import { latexToText, unfaithfulMark } from './latex-text.js';

const text = (source: string, macros: Record<string, string> = {}) =>
  latexToText({ source, macros: new Map(Object.entries(macros)) })
    .body.replace(/\s+/g, ' ')
    .trim();

describe('latexToText', () => {
  it('keeps the document body only', () => {
    expect(
      text('\\documentclass{article}\\title{T}\\begin{document}Body.\\end{document}Tail'),
    ).toBe('Body.');
  });
  it('expands formatting, escapes, accents, dashes, quotes and ties', () => {
    expect(
      text(
        "We use \\textbf{bold}, \\emph{new} and \\texttt{code}~words: 5\\% of ``all'' cases---mostly--so Erd\\H{o}s and G\\\"{o}del's na\\\"ive caf\\'e.",
      ),
    ).toBe(
      "We use bold, new and code words: 5% of “all” cases—mostly–so Erdős and Gödel's naïve café.",
    );
  });
  it('marks what it cannot render: math, citations, references, URLs, unknown commands', () => {
    for (const source of [
      'A value $x$ here.',
      'As shown~\\cite{smith}.',
      'See Section~\\ref{sec:one}.',
      'At \\url{https://x.org}.',
      'Uses \\unknownmacro{a} here.',
      'An equation \\begin{equation} x \\end{equation} here.',
      'Note\\footnote{A footnote.} here.',
    ]) {
      expect(text(source)).toContain(unfaithfulMark);
    }
  });
  it('drops labels and spacing silently, and the blanks after a control word', () => {
    expect(text('Results\\label{sec:r} are \\vspace{2pt}good. \\noindent Next one.')).toBe(
      'Results are good. Next one.',
    );
  });
  it('expands the paper macros, keeping the space after one ending in xspace', () => {
    expect(text('\\method is \\ours here.', { method: 'NameRank', ours: 'Ours\\xspace' })).toBe(
      'NameRankis Ours here.',
    );
  });
  it('takes captions and footnotes out of the body', () => {
    const converted = latexToText({
      source:
        'Before.\\begin{figure}\\centering\\includegraphics{a.pdf}\\caption{A \\textbf{big} plot.}\\label{f}\\end{figure}After\\footnote{See the \\emph{appendix}.} it.',
    });
    expect(converted.asides).toEqual([
      { kind: 'caption', text: 'A big plot.' },
      { kind: 'footnote', text: 'See the appendix.' },
    ]);
    expect(converted.body).not.toContain('plot');
    expect(converted.body).toContain('Before.');
  });
  it('makes sections and list items paragraphs, and stops at the appendix when asked', () => {
    const source =
      '\\section{Intro}First.\\begin{itemize}\\item One thing.\\item Two things.\\end{itemize}\\appendix Extra.';
    const body = latexToText({ source, includeAppendix: false }).body;
    expect(
      body
        .split(/\n\s*\n/)
        .map((part) => part.trim())
        .filter(Boolean),
    ).toEqual(['First.', 'One thing.', 'Two things.']);
    expect(text(source)).toContain('Extra.');
  });
  it('drops verbatim and unknown environments, leaving a marker paragraph', () => {
    const body = text(
      'A.\\begin{verbatim}\\end{itemize} raw\\end{verbatim}B.\\begin{theorem}T.\\end{theorem}',
    );
    expect(body).toBe(`A. ${unfaithfulMark} B. ${unfaithfulMark}`);
  });
});
