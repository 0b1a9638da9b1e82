/**
 * @module The server's event-loop delay measured from outside: a steady stream of the cheapest
 * request there is (an unknown path, answered 404 by the router without touching the database),
 * one at a time every `intervalMs`. While the event loop is blocked the probe waits, so the probe's
 * latency bounds the event-loop delay from above (plus about a millisecond of loopback HTTP).
 * When GET /api/health reports `eventLoopDelayMs: {p50, p99, max}` that is read too.
 */
import { summarizeLatencies } from './latency-summary.js';
import type { LatencySummary } from './latency-summary.js';

export interface EventLoopProbe {
  /** Stops the stream and summarises the probe latencies in milliseconds. */
  stop(): Promise<EventLoopProbeSummary>;
}

export interface EventLoopProbeSummary extends LatencySummary {
  /** Probes that got no answer within `timeoutMs` (counted at `timeoutMs`). */
  unanswered: number;
}

export const probePath = '/api/__quarry-bench-probe';

export function startEventLoopProbe(options: {
  url: string;
  intervalMs?: number;
  timeoutMs?: number;
}): EventLoopProbe {
  const intervalMs = options.intervalMs ?? 50;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  let unanswered = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${options.url}${probePath}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      } catch {
        unanswered += 1;
        latencies.push(performance.now() - started);
      }
      const elapsed = performance.now() - started;
      if (running && elapsed < intervalMs)
        await new Promise((resolve) => setTimeout(resolve, intervalMs - elapsed));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { ...summarizeLatencies(latencies), unanswered };
    },
  };
}

export interface ServerEventLoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** When the server's window began (epoch ms), when it reports it. */
  windowStartedAt?: number;
}

export interface ServerEventLoopSamples {
  /** Each distinct window the server reported while sampling. */
  windows: ServerEventLoopDelay[];
  /** The worst window: the largest p99 and the largest max. */
  worst: ServerEventLoopDelay | null;
}

/**
 * Reads the server's own event-loop figure every `intervalMs` (default 5 s) while a benchmark runs;
 * a server reports the last completed window, so sampling through the run sees every window.
 */
export function startServerEventLoopSampler(options: {
  url: string;
  token: string | null;
  intervalMs?: number;
  /**
   * Windows the server says began before this time (epoch ms) are left out: they measured the
   * server before the benchmark's load (its start-up, the idle probe), not under it.
   */
  since?: number;
}): { stop(): Promise<ServerEventLoopSamples> } {
  const windows: ServerEventLoopDelay[] = [];
  let running = true;
  const remember = (delay: ServerEventLoopDelay | null) => {
    const last = windows[windows.length - 1];
    if (!delay) return;
    if (
      options.since !== undefined &&
      delay.windowStartedAt !== undefined &&
      delay.windowStartedAt < options.since
    )
      return;
    if (
      last &&
      last.p50 === delay.p50 &&
      last.p99 === delay.p99 &&
      last.max === delay.max &&
      last.windowStartedAt === delay.windowStartedAt
    )
      return;
    windows.push(delay);
  };
  const loop = (async () => {
    while (running) {
      remember(await readServerEventLoopDelay(options));
      const until = performance.now() + (options.intervalMs ?? 5_000);
      while (running && performance.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      remember(await readServerEventLoopDelay(options));
      const worst =
        windows.length === 0
          ? null
          : {
              p50: Math.max(...windows.map((window) => window.p50)),
              p99: Math.max(...windows.map((window) => window.p99)),
              max: Math.max(...windows.map((window) => window.max)),
            };
      return { windows, worst };
    },
  };
}

/** `eventLoopDelayMs` from GET /api/health when the server reports it; null otherwise. */
export async function readServerEventLoopDelay(options: {
  url: string;
  token: string | null;
}): Promise<ServerEventLoopDelay | null> {
  try {
    const response = await fetch(`${options.url}/api/health`, {
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('eventLoopDelayMs' in body)) return null;
    const delay = body.eventLoopDelayMs;
    if (typeof delay !== 'object' || delay === null) return null;
    const field = (name: string) => {
      const value = (delay as Record<string, unknown>)[name];
      return typeof value === 'number' ? value : Number.NaN;
    };
    const startedAt = field('windowStartedAt');
    return {
      p50: field('p50'),
      p99: field('p99'),
      max: field('max'),
      ...(Number.isFinite(startedAt) ? { windowStartedAt: startedAt } : {}),
    };
  } catch {
    return null;
  }
}
