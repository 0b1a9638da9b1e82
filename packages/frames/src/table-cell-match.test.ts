import { describe, expect, it } from 'vitest';
import { tableCellMatchFor } from './table-cell-match.js';

const table = 'table';
const row = (label: string) => `Table 2: Results on NELL165. · ${label} · AUPRC 0.891 · F1 0.82`;

describe('tableCellMatchFor', () => {
  const match = tableCellMatchFor('What AUPRC does PSL-KGI achieve on NELL165?');

  it('scores the row whose label and a header the question names', () => {
    expect(match?.({ text: row('PSL-KGI'), sectionKind: table })).toBe(1);
  });

  it('gives half for the label without a header', () => {
    expect(
      tableCellMatchFor('How does PSL-KGI do?')?.({ text: row('PSL-KGI'), sectionKind: table }),
    ).toBe(0.5);
  });

  it('gives 0 to another row, to prose and to rows it cannot read', () => {
    expect(match?.({ text: row('STransE'), sectionKind: table })).toBe(0);
    expect(match?.({ text: row('PSL-KGI') })).toBe(0);
    expect(match?.({ text: 'PSL-KGI reaches an AUPRC of 0.891.', sectionKind: table })).toBe(0);
  });

  it('has no test for a question without words or asking for a name', () => {
    expect(tableCellMatchFor('the of?')).toBeNull();
    expect(tableCellMatchFor('Which format is used to read the data source?')).toBeNull();
  });
});
