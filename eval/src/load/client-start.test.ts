/** Virtual clients with think time start spread over one think time, not in one burst. */
import { createSeededRandom } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { clientStartDelayMs } from './run-load-benchmark.js';

describe('clientStartDelayMs', () => {
  it('spreads 50 clients over one think time, and starts them at once without staggering', () => {
    const random = createSeededRandom(1).nextFloat;
    const delays = Array.from({ length: 50 }, () =>
      clientStartDelayMs({ random, thinkMs: 5_000, stagger: true }),
    );
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(5_000);
    // Spread, not bunched: every fifth of the think time gets some clients.
    const fifths = new Set(delays.map((delay) => Math.floor(delay / 1_000)));
    expect(fifths.size).toBe(5);
    expect(clientStartDelayMs({ random, thinkMs: 5_000, stagger: false })).toBe(0);
    expect(clientStartDelayMs({ random, thinkMs: 0, stagger: true })).toBe(0);
  });
});
