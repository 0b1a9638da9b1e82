import { describe, expect, it } from 'vitest';
import { copyMapInSteps, createEventLoopYielder } from './event-loop-yield.js';

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

describe('copyMapInSteps', () => {
  it('copies every entry in order and offers a turn every few thousand entries', async () => {
    const map = new Map(Array.from({ length: 10_000 }, (_, index) => [`frame-${index}`, index]));
    let offers = 0;
    const copy = await copyMapInSteps(map, () => {
      offers += 1;
      return undefined;
    });
    expect([...copy]).toEqual([...map]);
    expect(copy).not.toBe(map);
    expect(offers).toBe(2);
  });
});
