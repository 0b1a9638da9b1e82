import { describe, expect, it } from 'vitest';
import {
  askTableQuestions,
  holdsRowAndValue,
  normaliseCellText,
  parseTableQuestions,
} from './table-questions.js';

const line = (fields: Record<string, string>) => JSON.stringify(fields);

describe('table questions', () => {
  it('compares row labels and values without case, spacing or dash differences', () => {
    expect(normaliseCellText('−0.24 ± 0.25')).toBe('-0.24±0.25');
    const question = { row: 'BERT–base', value: '91.2' };
    expect(holdsRowAndValue('Table 2: Results · BERT-base · F1 91.2', question)).toBe(true);
    expect(holdsRowAndValue('Table 2: Results · BERT-large · F1 91.2', question)).toBe(false);
  });

  it('parses the file and refuses a line without a row or with an unknown style', () => {
    const fields = {
      file: 'a.pdf',
      question: 'What F1 does BERT reach?',
      table: 'Table 2',
      row: 'BERT',
      value: '91.2',
      column: 'F1',
      style: 'lexical',
    };
    expect(parseTableQuestions(line(fields), 'q.jsonl')).toEqual([fields]);
    expect(() => parseTableQuestions(line({ ...fields, row: '' }), 'q.jsonl')).toThrow(/row/u);
    expect(() => parseTableQuestions(line({ ...fields, style: 'x' }), 'q.jsonl')).toThrow(/style/u);
  });

  it('scores the first hit holding row and value, by style', async () => {
    const questions = parseTableQuestions(
      [
        line({
          file: 'a.pdf',
          question: 'q1',
          table: 'T',
          row: 'CRF',
          value: '85.2',
          column: 'F1',
          style: 'lexical',
        }),
        line({
          file: 'a.pdf',
          question: 'q2',
          table: 'T',
          row: 'BERT',
          value: '91.2',
          column: 'F1',
          style: 'paraphrase',
        }),
        line({
          file: 'b.pdf',
          question: 'q3',
          table: 'T',
          row: 'X',
          value: '1',
          column: 'F1',
          style: 'paraphrase',
        }),
      ].join('\n'),
      'q.jsonl',
    );
    const texts = ['Table 1 · CRF · F1 85.2', 'Table 1 · BERT · F1 91.2'];
    const metrics = await askTableQuestions({
      questions,
      paperIds: new Map([['a.pdf', 'paper-a']]),
      framesByPaper: new Map([['paper-a', texts.map((text) => ({ text }))]]),
      rank: ({ question }) =>
        Promise.resolve({
          hits: (question === 'q1' ? texts : [...texts].reverse()).map((text) => ({ text })),
        }),
    });
    expect(metrics.perQuestion.map((question) => question.rank)).toEqual([1, 1, null]);
    expect(metrics['hit@1']).toBe(66.7);
    expect(metrics.lexical['hit@3']).toBe(100);
    expect(metrics.paraphrase.MRR).toBe(50);
    expect(metrics.storedPercent).toBe(66.7);
  });
});
