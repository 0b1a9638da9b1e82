import { describe, expect, it } from 'vitest';
import { cellNumber, extremeAskedFor, superlativeRows } from './table-superlative.js';

describe('extremeAskedFor', () => {
  it('reads highest and lowest as they are, best and worst by the column', () => {
    expect(extremeAskedFor('which model has the highest F1?', 'F1')).toBe('max');
    expect(extremeAskedFor('the fewest parameters?', 'Parameters')).toBe('min');
    expect(extremeAskedFor('the best F1?', 'F1')).toBe('max');
    expect(extremeAskedFor('the best word error rate?', 'WER')).toBe('min');
    expect(extremeAskedFor('the worst latency?', 'Read Latency (ms)')).toBe('max');
    expect(extremeAskedFor('what F1 does BERT get?', 'F1')).toBeNull();
  });

  it('asks for a column only when the words after the superlative name it', () => {
    expect(extremeAskedFor('the largest area under the precision-recall curve?', 'AUPRC')).toBe(
      'max',
    );
    const question = 'What is the median time to find a minimum cost program?';
    expect(extremeAskedFor(question, 'Median search time')).toBeNull();
  });
});

describe('cellNumber', () => {
  it('reads the first number of a cell, signs, thousands and marks included', () => {
    expect(cellNumber('0.53 ± 0.17')).toBe(0.53);
    expect(cellNumber('−0.32 ± 0.29*')).toBe(-0.32);
    expect(cellNumber('1,066,650')).toBe(1066650);
    expect(cellNumber('26.7%')).toBe(26.7);
    expect(cellNumber('n/a')).toBeNull();
  });
});

describe('superlativeRows', () => {
  const headerNamed = (header: string) => (header === 'F1' ? 1 : 0);
  const row = (table: string, label: string, f1: string) => ({
    text: `${table}: Results. · ${label} · F1 ${f1} · P 0.9`,
    sectionKind: 'table',
  });

  it('takes each table apart, ties kept, a lone number compared with nothing', () => {
    const rows = [
      row('Table 1', 'A', '0.5'),
      row('Table 1', 'B', '0.7'),
      row('Table 1', 'C', '0.7'),
      row('Table 2', 'D', '0.1'),
      row('Table 2', 'E', '0.2'),
      row('Table 3', 'F', '0.9'),
      { text: 'The F1 of A is 0.99.', sectionKind: 'body' },
    ];
    const winners = superlativeRows({ question: 'the highest F1?', rows, headerNamed });
    expect([...winners]).toEqual([rows[1]?.text, rows[2]?.text, rows[4]?.text]);
  });

  it('gives nothing when the question asks for no extreme or names no column', () => {
    const rows = [row('Table 1', 'A', '0.5'), row('Table 1', 'B', '0.7')];
    expect(superlativeRows({ question: 'the F1 of A?', rows, headerNamed }).size).toBe(0);
    const none = () => 0;
    expect(superlativeRows({ question: 'the highest F1?', rows, headerNamed: none }).size).toBe(0);
  });
});
