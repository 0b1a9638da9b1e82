/**
 * @module Admission of the CPU-heavy requests (chat turns, answer, dataset and in-paper search,
 * suggestions, MCP calls): at most `maxActiveRequests` run at once and at most
 * `maxQueuedRequests` wait, first come first served, each for at most `maxQueueWaitMs`. A request
 * past the queue, or one that waited too long, is answered at once with 503 `overloaded` and
 * `Retry-After`, so an overloaded server sheds work instead of building a backlog that nobody gets
 * an answer from. Cheap requests (pages, health, the web app) never wait here.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '@quarry/core';
import { isMcpPath } from './access-control.js';
import type { EdgeEnv } from './edge-env.js';
import { rateLimitedRouteOf } from './request-limits.js';

export interface AdmissionLimits {
  /** Heavy requests running at once (they interleave on the event loop and the workers). */
  maxActiveRequests: number;
  /** Heavy requests waiting for a turn; past it, 503 with Retry-After. */
  maxQueuedRequests: number;
  /** Longest a heavy request waits for a turn before it is answered 503, in ms. */
  maxQueueWaitMs: number;
  /** Retry-After of those 503s, in seconds. */
  overloadRetryAfterSeconds: number;
}

interface Waiting {
  start: () => void;
  timer: NodeJS.Timeout;
}

export interface AdmissionGate {
  readonly active: number;
  readonly queued: number;
  /** Runs `work` when a turn is free; rejects with `overloaded` when none comes in time. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createAdmissionGate(limits: AdmissionLimits): AdmissionGate {
  let active = 0;
  const queue: Waiting[] = [];
  const overloaded = (why: string) =>
    new AppError({
      code: 'overloaded',
      message: `the server is busy (${why}); try again in ${limits.overloadRetryAfterSeconds} s`,
      retryAfterSeconds: limits.overloadRetryAfterSeconds,
    });
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next !== undefined) {
      clearTimeout(next.timer);
      next.start();
    }
  };
  const turn = (): Promise<void> => {
    if (active < limits.maxActiveRequests) {
      active += 1;
      return Promise.resolve();
    }
    if (queue.length >= limits.maxQueuedRequests)
      return Promise.reject(overloaded(`${queue.length} requests are waiting`));
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          active += 1;
          resolve();
        },
        timer: setTimeout(() => {
          const position = queue.indexOf(waiting);
          if (position >= 0) queue.splice(position, 1);
          reject(overloaded(`no turn within ${limits.maxQueueWaitMs} ms`));
        }, limits.maxQueueWaitMs),
      };
      queue.push(waiting);
    });
  };
  return {
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    async run(work) {
      await turn();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

/** Whether a request is one of the CPU-heavy kinds the gate admits. */
export function isHeavyRequest(method: string, path: string): boolean {
  const route = rateLimitedRouteOf(method, path);
  return (
    route === 'search' ||
    (route === 'chat' && method === 'POST') ||
    (method === 'POST' && isMcpPath(path))
  );
}

/** The middleware: heavy requests go through `gate`, everything else straight on. */
export function admission(gate: AdmissionGate): MiddlewareHandler<EdgeEnv> {
  return async (context, next) => {
    if (!isHeavyRequest(context.req.method, context.req.path)) return next();
    await gate.run(() => next());
  };
}
