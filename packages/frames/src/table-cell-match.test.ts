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

describe('tableCellMatchFor: a question in other words than the table', () => {
  const latency = (label: string, read: string) =>
    `Table 2: Production latencies. · ${label} · Read Latency (ms) ${read} · Write Latency (ms) 5.73`;

  it('reads an ordinal as the number a row is labelled with', () => {
    const match = tableCellMatchFor('What is the 99.9th percentile write latency?');
    // Label named; two of the header's three words (write, latency; not ms).
    expect(match?.({ text: latency('99.9', '32.89'), sectionKind: table })).toBeCloseTo(5 / 6);
    expect(match?.({ text: latency('99', '6.59'), sectionKind: table })).toBe(0);
  });

  it('reads summary-statistic words as the rows a table labels them with', () => {
    const worst = tableCellMatchFor('What was the worst read latency ever observed?');
    expect(worst?.({ text: latency('Max', '2979.85'), sectionKind: table })).toBeGreaterThan(0.5);
    expect(worst?.({ text: latency('Min', '1.55'), sectionKind: table })).toBe(0);
    const typical = tableCellMatchFor('How long does a read typically take?');
    expect(typical?.({ text: latency('Median', '3.75'), sectionKind: table })).toBeGreaterThan(0);
  });

  it('reads an initialism spelt out in the question, across hyphens and case changes', () => {
    const auprc = tableCellMatchFor(
      'What is the area under the precision-recall curve of PSL-KGI on NELL165?',
    );
    expect(auprc?.({ text: row('PSL-KGI'), sectionKind: table })).toBe(1);
    const dc = tableCellMatchFor('How quickly does the DeepCoder-style baseline find a program?');
    const search = (label: string) =>
      `Table 3: Search times. · ${label} · Median search time 187 sec`;
    expect(dc?.({ text: search('DC'), sectionKind: table })).toBeGreaterThan(0);
    expect(dc?.({ text: search('SK'), sectionKind: table })).toBe(0);
  });

  it('names no cell for a question about how something is done or whether it is so', () => {
    expect(
      tableCellMatchFor('How does the sparse technique remove triples from FB15K?'),
    ).toBeNull();
    expect(
      tableCellMatchFor('Are petitions with bigger targets less likely to succeed?'),
    ).toBeNull();
    expect(tableCellMatchFor('How does PSL-KGI do on NELL165?')).not.toBeNull();
    expect(tableCellMatchFor('How did the experts rate the system status?')).not.toBeNull();
  });

  it('names the row that holds the extreme a question asks for among the rows in scope', () => {
    const rows = ['PSL-KGI', 'TransE', 'HolE'].map((label, position) => ({
      text: `Table 2: Results on NELL165. · ${label} · AUPRC 0.${7 + position}1 · Error 0.${3 - position}`,
      sectionKind: table,
    }));
    const highest = tableCellMatchFor('Which method gets the highest AUPRC?', rows);
    expect(rows.map((one) => highest?.(one))).toEqual([0, 0, 1]);
    const best = tableCellMatchFor('Which method has the best error?', rows);
    expect(rows.map((one) => best?.(one))).toEqual([0, 0, 1]);
    const worst = tableCellMatchFor('Which method has the worst error?', rows);
    expect(rows.map((one) => worst?.(one))).toEqual([1, 0, 0]);
    // Without the rows in scope (answer search across papers) a name question names no cell.
    expect(tableCellMatchFor('Which method gets the highest AUPRC?')).toBeNull();
  });
});
