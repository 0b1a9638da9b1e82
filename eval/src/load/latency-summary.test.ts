import { describe, expect, it } from 'vitest';
import { nearestRankPercentile, summarizeLatencies } from './latency-summary.js';

describe('latency summaries', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(nearestRankPercentile(values, 0.5)).toBe(50);
    expect(nearestRankPercentile(values, 0.95)).toBe(95);
    expect(nearestRankPercentile(values, 0.99)).toBe(99);
    expect(nearestRankPercentile([], 0.5)).toBe(0);
  });

  it('summarises unsorted values', () => {
    expect(summarizeLatencies([30, 10, 20])).toEqual({
      count: 3,
      p50: 20,
      p95: 30,
      p99: 30,
      max: 30,
      mean: 20,
    });
  });
});
