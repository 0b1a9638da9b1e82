import { describe, expect, it } from 'vitest';
import { createEventLoopYielder } from './event-loop-yield.js';

describe('createEventLoopYielder', () => {
  it('lets timers run during a long loop: no gap much longer than the slice', async () => {
    const yielder = createEventLoopYielder({ sliceMs: 10 });
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 1);
    const startedAt = performance.now();
    while (performance.now() - startedAt < 300) {
      // About a microsecond of work per item, as when indexing one frame.
      let sum = 0;
      for (let step = 0; step < 200; step++) sum += Math.sqrt(step);
      expect(sum).toBeGreaterThan(0);
      await yielder.maybeYield();
    }
    clearInterval(timer);
    // Without yielding the timer would not run at all until the loop ended.
    expect(ticks.length).toBeGreaterThan(10);
    const gaps = ticks.slice(1).map((tick, position) => tick - (ticks[position] ?? tick));
    // Generous: other processes on a shared machine can preempt this one.
    expect(Math.max(...gaps)).toBeLessThan(200);
  });

  it('does not yield while the slice lasts', () => {
    let now = 0;
    const yielder = createEventLoopYielder({ sliceMs: 5, now: () => now });
    expect(yielder.maybeYield()).toBeUndefined();
    now = 6;
    expect(yielder.maybeYield()).toBeInstanceOf(Promise);
  });
});
