import { describe, expect, it } from 'vitest';
import { AppError } from '@quarry/core';
import { retryWhileUnavailable } from './retry-unavailable.js';

const unavailable = () =>
  new AppError({
    code: 'storage_failure',
    message: 'PostgreSQL is unavailable: connection timeout',
  });

describe('retryWhileUnavailable', () => {
  it('runs the job again after a storage failure, waiting longer each time', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    const result = await retryWhileUnavailable({
      attempts: 4,
      delayMs: 100,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      run: (attempt) => {
        attempts.push(attempt);
        return attempt < 3 ? Promise.reject(unavailable()) : Promise.resolve('done');
      },
    });
    expect(result).toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after the last attempt with the storage failure', async () => {
    let runs = 0;
    await expect(
      retryWhileUnavailable({
        attempts: 2,
        delayMs: 1,
        sleep: () => Promise.resolve(),
        run: () => {
          runs++;
          return Promise.reject(unavailable());
        },
      }),
    ).rejects.toThrow(/unavailable/);
    expect(runs).toBe(2);
  });

  it('does not retry other errors', async () => {
    let runs = 0;
    await expect(
      retryWhileUnavailable({
        attempts: 5,
        delayMs: 1,
        sleep: () => Promise.resolve(),
        run: () => {
          runs++;
          return Promise.reject(new AppError({ code: 'invalid_input', message: 'bad paper' }));
        },
      }),
    ).rejects.toThrow(/bad paper/);
    expect(runs).toBe(1);
  });
});
