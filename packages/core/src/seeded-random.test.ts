import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.js';

describe('createSeededRandom', () => {
  it('repeats the same stream for the same seed and differs across seeds', () => {
    const draw = (seed: number): number[] => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 5 }, () => random.nextFloat());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draws uniform floats in [0, 1) and Gaussians with mean 0 and variance 1', () => {
    const random = createSeededRandom(1);
    const floats = Array.from({ length: 20_000 }, () => random.nextFloat());
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...floats)).toBeLessThan(1);
    const gaussians = Array.from({ length: 20_000 }, () => random.nextGaussian());
    const mean = gaussians.reduce((sum, value) => sum + value, 0) / gaussians.length;
    const variance =
      gaussians.reduce((sum, value) => sum + (value - mean) ** 2, 0) / gaussians.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it('shuffles into a permutation', () => {
    const shuffled = createSeededRandom(5).shuffle(Array.from({ length: 50 }, (_, index) => index));
    expect([...shuffled].sort((left, right) => left - right)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    );
    expect(shuffled).not.toEqual(Array.from({ length: 50 }, (_, index) => index));
  });
});
