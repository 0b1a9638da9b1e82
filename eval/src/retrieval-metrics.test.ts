import { describe, expect, it } from 'vitest';
import { parseQrels } from './qrels.js';
import { evaluateRanking, evaluateRun } from './retrieval-metrics.js';

describe('evaluateRanking', () => {
  it('computes P@5, R@5, AP@5 and RR@5 by hand', () => {
    // Relevant: a, c, x (x never retrieved). Retrieved: b a c d e f.
    // Hits at ranks 2 and 3 -> P@5 = 2/5, R@5 = 2/3, AP = (1/2 + 2/3) / 3 = 7/18, RR = 1/2.
    const metrics = evaluateRanking({
      ranking: ['b', 'a', 'c', 'd', 'e', 'f'],
      relevant: new Set(['a', 'c', 'x']),
      depth: 5,
    });
    expect(metrics.P).toBeCloseTo(0.4, 12);
    expect(metrics.R).toBeCloseTo(2 / 3, 12);
    expect(metrics.AP).toBeCloseTo(7 / 18, 12);
    expect(metrics.RR).toBeCloseTo(0.5, 12);
  });

  it('ignores hits below the cutoff and divides P by k even for short lists', () => {
    expect(evaluateRanking({ ranking: ['a'], relevant: new Set(['a']), depth: 5 })).toEqual({
      P: 0.2,
      R: 1,
      AP: 1,
      RR: 1,
    });
    const late = evaluateRanking({
      ranking: ['b', 'c', 'd', 'e', 'f', 'a'],
      relevant: new Set(['a']),
      depth: 5,
    });
    expect(late).toEqual({ P: 0, R: 0, AP: 0, RR: 0 });
  });

  it('counts a repeated document once', () => {
    const metrics = evaluateRanking({ ranking: ['a', 'a'], relevant: new Set(['a']), depth: 5 });
    expect(metrics.P).toBeCloseTo(0.2, 12);
    expect(metrics.AP).toBe(1);
  });
});

describe('evaluateRun (trec_eval -c)', () => {
  it('averages over every qrels query, missing queries scoring 0', () => {
    const qrels = parseQrels('q1 Q0 a 1\nq1 Q0 b 1\nq2 Q0 c 1\nq3 Q0 d 0\n');
    const run = new Map([
      [
        'q1',
        [
          { documentId: 'b', score: 3 },
          { documentId: 'z', score: 2 },
          { documentId: 'a', score: 1 },
        ],
      ],
      ['q9', [{ documentId: 'a', score: 1 }]],
    ]);
    const evaluation = evaluateRun({ run, qrels, depth: 5 });
    expect(evaluation.queries.map((query) => query.queryId)).toEqual(['q1', 'q2', 'q3']);
    // q1: hits at 1 and 3 -> AP = (1 + 2/3) / 2 = 5/6, RR 1, R 1, P 2/5; q2 and q3 score 0.
    expect(evaluation.means.AP).toBeCloseTo(5 / 6 / 3, 12);
    expect(evaluation.means.RR).toBeCloseTo(1 / 3, 12);
    expect(evaluation.means.R).toBeCloseTo(1 / 3, 12);
    expect(evaluation.means.P).toBeCloseTo(0.4 / 3, 12);
  });

  it('matches ids with spaces in the run to underscores in the qrels', () => {
    const qrels = parseQrels('a_long_query Q0 Penn_Treebank 1\n');
    const run = new Map([['a long  query', [{ documentId: 'Penn Treebank', score: 1 }]]]);
    expect(evaluateRun({ run, qrels, depth: 5 }).means.RR).toBe(1);
  });
});
