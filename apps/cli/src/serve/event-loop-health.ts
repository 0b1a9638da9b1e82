/**
 * @module The server's own health figures for GET /api/health: event-loop delay (p50, p99 and max
 * over the last completed window, so start-up work does not hide a later stall, with the window's
 * bounds) and memory.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopHealth {
  /** Fields for the health response. */
  read(): Record<string, unknown>;
  stop(): void;
}

const nanosecondsPerMillisecond = 1e6;

export function startEventLoopHealth(options: { windowMs?: number } = {}): EventLoopHealth {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const windowMs = options.windowMs ?? 10_000;
  let last = { p50: 0, p99: 0, max: 0, startedAt: Date.now(), endedAt: Date.now() };
  let windowStartedAt = Date.now();
  const rotate = () => {
    const now = Date.now();
    last = {
      p50: histogram.percentile(50) / nanosecondsPerMillisecond,
      p99: histogram.percentile(99) / nanosecondsPerMillisecond,
      max: histogram.max / nanosecondsPerMillisecond,
      startedAt: windowStartedAt,
      endedAt: now,
    };
    windowStartedAt = now;
    histogram.reset();
  };
  const timer = setInterval(rotate, windowMs);
  timer.unref();
  const rounded = (value: number) => Math.round(value * 10) / 10;
  return {
    read: () => ({
      // The window's bounds (epoch ms) let a benchmark keep only windows inside its run.
      eventLoopDelayMs: {
        p50: rounded(last.p50),
        p99: rounded(last.p99),
        max: rounded(last.max),
        windowStartedAt: last.startedAt,
        windowEndedAt: last.endedAt,
      },
      memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    }),
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
