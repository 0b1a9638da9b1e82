import { describe, expect, it } from 'vitest';
import { bootstrapStandardDeviation } from './bootstrap.js';
import { recallByPopularity } from './popularity-recall.js';
import { parseQrels } from './qrels.js';
import { createSeededRandom } from '@quarry/core';

describe('bootstrapStandardDeviation', () => {
  it('is 0 when every query scores the same', () => {
    const metrics = Array.from({ length: 10 }, () => ({ P: 0.2, R: 0.5, AP: 0.5, RR: 1 }));
    const deviation = bootstrapStandardDeviation({
      metrics,
      resamples: 50,
      random: createSeededRandom(1).nextFloat,
    });
    expect(deviation.P).toBeCloseTo(0, 12);
    expect(deviation.RR).toBeCloseTo(0, 12);
  });

  it('approaches sqrt(p(1-p)/n) for 0/1 scores', () => {
    // Half the queries score 1: the standard error of the mean is sqrt(0.25 / 100) = 0.05.
    const metrics = Array.from({ length: 100 }, (_, index) => {
      const value = index % 2;
      return { P: value, R: value, AP: value, RR: value };
    });
    const deviation = bootstrapStandardDeviation({
      metrics,
      resamples: 2000,
      random: createSeededRandom(42).nextFloat,
    });
    expect(deviation.RR).toBeGreaterThan(0.045);
    expect(deviation.RR).toBeLessThan(0.055);
    const again = bootstrapStandardDeviation({
      metrics,
      resamples: 2000,
      random: createSeededRandom(42).nextFloat,
    });
    expect(again).toEqual(deviation);
  });

  it('rejects a bad resample count', () => {
    expect(() =>
      bootstrapStandardDeviation({
        metrics: [],
        resamples: 0,
        random: createSeededRandom(1).nextFloat,
      }),
    ).toThrow(/resamples/);
  });
});

describe('recallByPopularity', () => {
  it('buckets (query, gold) pairs by how many queries share the gold dataset', () => {
    // "pop" is gold for 4 queries, "rare" for 1, "mid" for 2.
    const qrels = parseQrels(
      [
        'q1 Q0 pop 1',
        'q2 Q0 pop 1',
        'q3 Q0 pop 1',
        'q4 Q0 pop 1',
        'q1 Q0 rare 1',
        'q2 Q0 mid 1',
        'q3 Q0 mid 1',
      ].join('\n'),
    );
    const run = new Map([
      ['q1', [{ documentId: 'pop', score: 1 }]],
      ['q2', [{ documentId: 'mid', score: 1 }]],
      ['q3', [{ documentId: 'pop', score: 1 }]],
    ]);
    const buckets = recallByPopularity({ run, qrels, depth: 5 });
    expect(buckets).toEqual([
      { label: '1', datasets: 1, pairs: 1, recall: 0 },
      { label: '2-3', datasets: 1, pairs: 2, recall: 0.5 },
      { label: '4-9', datasets: 1, pairs: 4, recall: 0.5 },
      { label: '10+', datasets: 0, pairs: 0, recall: 0 },
    ]);
  });
});
