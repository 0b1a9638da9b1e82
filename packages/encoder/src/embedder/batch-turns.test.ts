import { describe, expect, it } from 'vitest';
import { createBatchTurns } from './batch-turns.js';

describe('createBatchTurns', () => {
  it('runs one batch at a time, and waiting queries before waiting passages', async () => {
    const takeTurn = createBatchTurns();
    const order: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const batch = (name: string) => async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      order.push(name);
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      takeTurn('passage', batch('passage 1')),
      takeTurn('passage', batch('passage 2')),
      takeTurn('passage', batch('passage 3')),
      takeTurn('query', batch('query 1')),
      takeTurn('query', batch('query 2')),
    ]);
    expect(results).toEqual(['passage 1', 'passage 2', 'passage 3', 'query 1', 'query 2']);
    expect(order).toEqual(['passage 1', 'query 1', 'query 2', 'passage 2', 'passage 3']);
    expect(mostAtOnce).toBe(1);
  });

  it('gives the turn on when a batch fails', async () => {
    const takeTurn = createBatchTurns();
    const failing = takeTurn('passage', () => Promise.reject(new Error('broken batch')));
    const next = takeTurn('query', () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('broken batch');
    await expect(next).resolves.toBe('ran');
  });
});
