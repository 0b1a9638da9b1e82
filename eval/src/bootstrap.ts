/**
 * @module Bootstrap standard deviation of mean metrics over queries (Koehn, "Statistical
 * significance tests for machine translation evaluation", EMNLP 2004; used by the DataFinder paper
 * for its ± figures): resample the queries with replacement, take each resample's mean, report the
 * standard deviation of those means.
 */
import { AppError } from '@quarry/core';
import { metricNames } from './retrieval-metrics.js';
import type { QueryMetrics } from './retrieval-metrics.js';

export interface BootstrapOptions {
  /** Per-query metrics, one entry per query. */
  metrics: readonly QueryMetrics[];
  /** How many resamples. */
  resamples: number;
  /** Uniform numbers in [0, 1), e.g. `createSeededRandom(seed).nextFloat`. */
  random: () => number;
}

/** Standard deviation (population form over resamples) of each metric's resampled mean. */
export function bootstrapStandardDeviation(options: BootstrapOptions): QueryMetrics {
  const { metrics, resamples, random } = options;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new AppError({
      code: 'invalid_input',
      message: `bootstrap resamples must be a whole number >= 1, got ${resamples}`,
      fix: 'pass e.g. --bootstrap 1000',
    });
  }
  const count = metrics.length;
  if (count === 0) return { P: 0, R: 0, AP: 0, RR: 0 };
  // Resampled means kept per metric; the deviation is taken in a second pass around their mean,
  // which, unlike E[x^2] - E[x]^2, does not lose precision to cancellation.
  const means = { P: [] as number[], R: [] as number[], AP: [] as number[], RR: [] as number[] };
  for (let resample = 0; resample < resamples; resample++) {
    const totals: QueryMetrics = { P: 0, R: 0, AP: 0, RR: 0 };
    for (let draw = 0; draw < count; draw++) {
      const picked = metrics[Math.min(Math.floor(random() * count), count - 1)];
      if (picked === undefined) continue;
      for (const name of metricNames) totals[name] += picked[name];
    }
    for (const name of metricNames) means[name].push(totals[name] / count);
  }
  const deviation = (name: (typeof metricNames)[number]): number => {
    const values = means[name];
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const squared = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
    return Math.sqrt(squared / values.length);
  };
  return { P: deviation('P'), R: deviation('R'), AP: deviation('AP'), RR: deviation('RR') };
}
