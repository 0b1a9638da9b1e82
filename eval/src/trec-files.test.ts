import { describe, expect, it } from 'vitest';
import { formatQrels, parseQrels, relevantDocuments } from './qrels.js';
import { formatTrecRun, parseTrecRun } from './trec-run.js';
import { toTrecId } from './trec-id.js';

describe('TREC ids', () => {
  it('writes spaces as underscores', () => {
    expect(toTrecId('  Penn  Treebank ')).toBe('Penn_Treebank');
    expect(toTrecId('WMT_2014')).toBe('WMT_2014');
  });
});

describe('qrels', () => {
  it('reads judgements and writes them back unchanged', () => {
    const text = 'q_1 Q0 MS_COCO 1\nq_1 Q0 SVHN 0\n\nq_2 0 ImageNet 2\n';
    const qrels = parseQrels(text);
    expect([...relevantDocuments(qrels, 'q_1')]).toEqual(['MS_COCO']);
    expect(qrels.get('q_2')?.get('ImageNet')).toBe(2);
    expect(parseQrels(formatQrels(qrels))).toEqual(qrels);
  });

  it('names the bad line', () => {
    expect(() => parseQrels('q1 Q0 a 1\nq2 Q0 b\n', { where: 'x.qrels' })).toThrow(/x\.qrels:2/);
  });
});

describe('run files', () => {
  it('round-trips a run, keeping our order even when scores tie', () => {
    const run = new Map([
      [
        'what data for parsing',
        [
          { documentId: 'Penn Treebank', score: 2 },
          { documentId: 'A', score: 2 },
          { documentId: 'B', score: 1.5 },
        ],
      ],
    ]);
    const text = formatTrecRun({ run, runName: 'quarry test' });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('what_data_for_parsing Q0 Penn_Treebank 1 2.000000 quarry_test');
    expect(lines[1]).toBe('what_data_for_parsing Q0 A 2 1.999999 quarry_test');
    for (const line of lines) expect(line.split(' ')).toHaveLength(6);
    const back = parseTrecRun(text);
    expect(back.get('what_data_for_parsing')?.map((document) => document.documentId)).toEqual([
      'Penn_Treebank',
      'A',
      'B',
    ]);
  });

  it('sorts a read run the way trec_eval does', () => {
    const run = parseTrecRun('q Q0 a 1 1.0 r\nq Q0 b 2 1.0 r\nq Q0 c 3 2.0 r\n');
    expect(run.get('q')?.map((document) => document.documentId)).toEqual(['c', 'b', 'a']);
  });
});
