import { describe, expect, it } from 'vitest';
import { headerAndValue, tableRowParts } from './table-row-text.js';

describe('headerAndValue', () => {
  it('splits a header from its trailing numbers', () => {
    expect(headerAndValue('Read Latency (ms) 32.89')).toEqual({
      header: 'Read Latency (ms)',
      value: '32.89',
    });
    expect(headerAndValue('Top 5 (%) 10.2 ± 0.3')).toEqual({
      header: 'Top 5 (%)',
      value: '10.2 ± 0.3',
    });
  });

  it('gives null for a part without a header or without a number', () => {
    expect(headerAndValue('99.9')).toBeNull();
    expect(headerAndValue('PSL-KGI')).toBeNull();
  });
});

describe('tableRowParts', () => {
  it('reads caption, label and cells of a row sentence', () => {
    expect(
      tableRowParts(
        'Table 2: Yammer Riak production latencies. · 99.9 · Read Latency (ms) 32.89 · Write Latency (ms) 435.83',
      ),
    ).toEqual({
      table: 'Table 2',
      caption: 'Yammer Riak production latencies.',
      names: ['99.9'],
      label: '99.9',
      cells: [
        { header: 'Read Latency (ms)', value: '32.89' },
        { header: 'Write Latency (ms)', value: '435.83' },
      ],
    });
  });

  it('reads marks, approximations and a unit as part of a value', () => {
    expect(headerAndValue('Frontal -0.32 ± 0.29*')?.value).toBe('-0.32 ± 0.29*');
    expect(headerAndValue('class balance (%) train ∼0')?.header).toBe('class balance (%) train');
    expect(headerAndValue('Read Latency (ms) 718.18 gets/s')).toEqual({
      header: 'Read Latency (ms)',
      value: '718.18 gets/s',
    });
    expect(headerAndValue('image size 28 × 28 ×1')).toBeNull();
  });

  it('keeps a group title and the row label as the row names, the label last', () => {
    const parts = tableRowParts('Table 1: Results. · Supervised · PSL-KGI · AUPRC 0.891 · F1 0.8');
    expect(parts?.names).toEqual(['Supervised', 'PSL-KGI']);
    expect(parts?.label).toBe('PSL-KGI');
  });

  it('takes a label that ends in a number when it fills the label slot', () => {
    expect(tableRowParts('Table 4: Tasks. · Task 5 · Average Time (seconds) 41')?.label).toBe(
      'Task 5',
    );
  });

  it('gives null for a sentence that is not a row with numeric cells', () => {
    expect(tableRowParts('We report the results in Table 2.')).toBeNull();
    expect(tableRowParts('Table 3: Datasets. · MNIST · yes · no')).toBeNull();
  });
});
