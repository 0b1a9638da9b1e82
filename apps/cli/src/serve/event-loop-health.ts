/**
 * @module The server's own health figures for GET /api/health: event-loop delay (p50, p99 and max
 * over the last completed window, so start-up work does not hide a later stall) and memory.
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
  let last = { p50: 0, p99: 0, max: 0 };
  const rotate = () => {
    last = {
      p50: histogram.percentile(50) / nanosecondsPerMillisecond,
      p99: histogram.percentile(99) / nanosecondsPerMillisecond,
      max: histogram.max / nanosecondsPerMillisecond,
    };
    histogram.reset();
  };
  const timer = setInterval(rotate, options.windowMs ?? 10_000);
  timer.unref();
  const rounded = (value: number) => Math.round(value * 10) / 10;
  return {
    read: () => ({
      eventLoopDelayMs: { p50: rounded(last.p50), p99: rounded(last.p99), max: rounded(last.max) },
      memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    }),
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
