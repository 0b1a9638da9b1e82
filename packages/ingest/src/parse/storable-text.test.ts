import type { Paper } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { assembleParagraphSections, PaperTextBuilder } from './paper-text-builder.js';
import { storablePaper, storableText } from './storable-text.js';
import { paperFromJsonDocument } from './paper-file.js';
import { paperFromPlainText } from './text-paper.js';
import { expectConsistentPaper } from './test-support/expect-consistent-paper.js';

/** Every string of a value, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, entry]) => [key, ...stringsOf(entry)]);
  return [];
}

const unstorable = /[\u0000-\u0008\u000B-\u001F]|[\uD800-\uDFFF]/u;

describe('storableText', () => {
  it('replaces NUL and the other C0 controls by a space, keeping tab and newline', () => {
    expect(storableText('a\u0000b\u0001c\u0008d\u000Be\u000Cf\rg\u000Fh\u001Fi')).toBe(
      'a b c d e f g h i',
    );
    expect(storableText('tab\there\nnewline')).toBe('tab\there\nnewline');
  });

  it('replaces a lone surrogate by U+FFFD and keeps well-formed pairs', () => {
    expect(storableText('x\uD835y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('\uDC00\uD835')).toBe('\uFFFD\uFFFD');
    expect(storableText('𝑥 = 😀')).toBe('𝑥 = 😀');
  });

  it('keeps the length, so offsets into the text stay valid', () => {
    const text = '\u000F Event mention \u0000!h count(a) \u0002 count(b)\uD835';
    expect(storableText(text)).toHaveLength(text.length);
  });

  it('leaves ordinary text, accents, Greek and symbols alone', () => {
    const text = 'Café “quoted” — θ, λ, β ≥ 0.5 ﬁ\u00A0x\u007F';
    expect(storableText(text)).toBe(text);
  });
});

describe('papers with text the database cannot store', () => {
  it('the text builder cleans paragraphs, sentences and section titles before splitting', () => {
    const assembled = assembleParagraphSections([
      {
        title: 'Intro\u0000duction',
        paragraphs: [{ text: '\u000F Event mention: a phrase.\u0000 Argument \u0002 role.' }],
      },
    ]);
    expect(assembled.sections[0]?.title).toBe('Intro duction');
    expect(assembled.text).toBe('  Event mention: a phrase.  Argument   role.');
    expect(assembled.sentences.map((sentence) => sentence.text)).toEqual([
      'Event mention: a phrase.',
      'Argument   role.',
    ]);
    const builder = new PaperTextBuilder();
    const sentence = builder.appendSentence({ text: 'A\u0000B', sentenceBreak: 'space' });
    expect(sentence.text).toBe('A B');
    expect(builder.build().text).toBe('A B');
  });

  it('a plain-text paper holds no control character or lone surrogate anywhere', () => {
    const paper = paperFromPlainText(
      'A Title\u0000With NUL\n\nAbstract\nWe study\u0001 things \uD835here.\n\n1 Introduction\nMore\u001F text.',
      { id: 'controls', where: 'controls.txt' },
    );
    expect(stringsOf(paper).filter((text) => unstorable.test(text))).toEqual([]);
    expect(paper.title).toBe('A Title With NUL');
    expectConsistentPaper(paper);
  });

  it('an S2ORC paper is cleaned in its text, and storablePaper cleans title, authors and extra', () => {
    const parsed = paperFromJsonDocument(
      {
        paper_id: 'nul-paper',
        metadata: { title: 'Title\u0000', authors: [{ first: 'A\u0000', last: 'B' }] },
        body_text: [{ text: 'Body\u0000 text here.', section: 'Intro', cite_spans: [] }],
        note: 'kept in extra\u0000',
      },
      'nul.json',
    );
    expect(parsed.text).not.toContain('\u0000');
    const paper = storablePaper(parsed);
    expect(stringsOf(paper).filter((text) => unstorable.test(text))).toEqual([]);
    expect(paper.title).toBe('Title ');
    expectConsistentPaper(paper);
  });

  it('storablePaper keeps every offset valid', () => {
    const text = 'One\u0000 sentence. Two\uD835 sentences.';
    const paper: Paper = {
      id: 'p',
      title: 't',
      abstract: null,
      year: null,
      authors: [],
      url: null,
      source: 'text',
      text,
      sections: [{ index: 0, title: 'Body' }],
      sentences: [
        {
          index: 0,
          sectionIndex: 0,
          text: text.slice(0, 14),
          charStart: 0,
          charEnd: 14,
          sourceIndex: null,
          page: null,
        },
        {
          index: 1,
          sectionIndex: 0,
          text: text.slice(15),
          charStart: 15,
          charEnd: text.length,
          sourceIndex: null,
          page: null,
        },
      ],
      extra: { nested: { list: ['x\u0000'] } },
    };
    const cleaned = storablePaper(paper);
    expectConsistentPaper(cleaned);
    expect(cleaned.sentences.map((sentence) => sentence.text)).toEqual([
      'One  sentence.',
      'Two\uFFFD sentences.',
    ]);
    expect(cleaned.extra).toEqual({ nested: { list: ['x '] } });
  });
});
