/**
 * @module Latency summaries: nearest-rank percentiles (p50, p95, p99) and the maximum of a list
 * of milliseconds, the figures every load, hostile-input and fault report prints.
 */

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function rounded(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The nearest-rank percentile (`fraction` in [0, 1]) of values sorted ascending; 0 when empty. */
export function nearestRankPercentile(sortedValues: readonly number[], fraction: number): number {
  if (sortedValues.length === 0) return 0;
  const rank = Math.ceil(fraction * sortedValues.length);
  const position = Math.min(sortedValues.length - 1, Math.max(0, rank - 1));
  return sortedValues[position] ?? 0;
}

export function summarizeLatencies(valuesInMilliseconds: readonly number[]): LatencySummary {
  const sorted = [...valuesInMilliseconds].sort((left, right) => left - right);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: rounded(nearestRankPercentile(sorted, 0.5)),
    p95: rounded(nearestRankPercentile(sorted, 0.95)),
    p99: rounded(nearestRankPercentile(sorted, 0.99)),
    max: rounded(sorted[sorted.length - 1] ?? 0),
    mean: rounded(sorted.length === 0 ? 0 : total / sorted.length),
  };
}
