/** The admission gate: a bounded number run, a bounded queue waits in order, the rest get 503s. */
import { isAppError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { createAdmissionGate, isHeavyRequest } from './admission-gate.js';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const limits = {
  maxActiveRequests: 1,
  maxQueuedRequests: 1,
  maxQueueWaitMs: 60_000,
  overloadRetryAfterSeconds: 3,
};

describe('admission gate', () => {
  it('runs up to the limit, queues up to the queue, and refuses the rest with Retry-After', async () => {
    const gate = createAdmissionGate(limits);
    const order: string[] = [];
    const first = deferred();
    const running = gate.run(async () => {
      order.push('first');
      await first.promise;
    });
    const queued = gate.run(() => {
      order.push('second');
      return Promise.resolve('second done');
    });
    const refused = await gate.run(() => Promise.resolve('never')).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('overloaded');
    expect(isAppError(refused) && refused.retryAfterSeconds).toBe(3);
    expect([gate.active, gate.queued]).toEqual([1, 1]);
    expect(order).toEqual(['first']);
    first.resolve();
    await running;
    await expect(queued).resolves.toBe('second done');
    expect(order).toEqual(['first', 'second']);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it('answers a request that waited past the deadline with overloaded, and frees its place', async () => {
    const gate = createAdmissionGate({ ...limits, maxQueueWaitMs: 20 });
    const first = deferred();
    const running = gate.run(() => first.promise);
    const waited = await gate.run(() => Promise.resolve('late')).catch((error: unknown) => error);
    expect(isAppError(waited) && waited.code).toBe('overloaded');
    expect(isAppError(waited) && waited.message).toMatch(/no turn within 20 ms/);
    expect(gate.queued).toBe(0);
    first.resolve();
    await running;
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('frees the turn of a request that failed', async () => {
    const gate = createAdmissionGate(limits);
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(gate.active).toBe(0);
  });

  it('admits only the heavy routes', () => {
    expect(isHeavyRequest('POST', '/api/chat')).toBe(true);
    expect(isHeavyRequest('GET', '/api/answers/search')).toBe(true);
    expect(isHeavyRequest('GET', '/api/suggest')).toBe(true);
    expect(isHeavyRequest('GET', '/api/papers/p1/find')).toBe(true);
    expect(isHeavyRequest('POST', '/mcp')).toBe(true);
    expect(isHeavyRequest('GET', '/api/health')).toBe(false);
    expect(isHeavyRequest('GET', '/api/papers/p1')).toBe(false);
    expect(isHeavyRequest('DELETE', '/api/conversations/c1')).toBe(false);
  });
});
