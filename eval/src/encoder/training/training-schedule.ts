/**
 * @module What each training step uses: which pair source the batch comes from (by weight), and the
 * learning rate (linear warm-up, then linear decay).
 */
import type { RandomSource } from '@quarry/core';
import type { PairSampler } from './training-pairs.js';

/** Picks a sampler with probability proportional to its weight. */
export function pickSampler(
  samplers: readonly PairSampler[],
  weights: readonly number[],
  random: RandomSource,
): PairSampler {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let threshold = random.nextFloat() * total;
  for (let index = 0; index < samplers.length; index += 1) {
    threshold -= weights[index] ?? 0;
    if (threshold < 0) return samplers[index]!;
  }
  return samplers[samplers.length - 1]!;
}

export interface LearningRateAtOptions {
  step: number;
  steps: number;
  peak: number;
}

/** Linear warm-up over the first 5% of steps, then linear decay to zero. */
export function learningRateAt(options: LearningRateAtOptions): number {
  const { step, steps, peak } = options;
  const warmup = Math.max(1, Math.round(steps * 0.05));
  if (step <= warmup) return (peak * step) / warmup;
  return (peak * Math.max(steps - step, 0)) / Math.max(steps - warmup, 1);
}
