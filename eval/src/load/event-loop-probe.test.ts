/**
 * The server's event-loop figures during a benchmark: only windows that began once the load had
 * started count (an earlier window measured start-up), and a server that does not say when its
 * window began is taken as it is.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerEventLoopSampler } from './event-loop-probe.js';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A loopback health route answering the given windows in turn (the last one from then on). */
async function healthServer(windows: Record<string, number>[]): Promise<string> {
  let served = 0;
  const server = createServer((_request, response) => {
    const window = windows[Math.min(served, windows.length - 1)];
    served += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ eventLoopDelayMs: window }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('startServerEventLoopSampler', () => {
  it('leaves out windows that began before `since`', async () => {
    const since = Date.now();
    const url = await healthServer([
      { p50: 10, p99: 900, max: 1_200, windowStartedAt: since - 8_000 },
      { p50: 10, p99: 40, max: 60, windowStartedAt: since + 2_000 },
    ]);
    const sampler = startServerEventLoopSampler({ url, token: null, intervalMs: 20, since });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const samples = await sampler.stop();
    expect(samples.windows).toEqual([
      { p50: 10, p99: 40, max: 60, windowStartedAt: since + 2_000 },
    ]);
    expect(samples.worst).toEqual({ p50: 10, p99: 40, max: 60 });
  });

  it('keeps windows without a start time', async () => {
    const url = await healthServer([{ p50: 5, p99: 30, max: 45 }]);
    const sampler = startServerEventLoopSampler({
      url,
      token: null,
      intervalMs: 20,
      since: Date.now(),
    });
    const samples = await sampler.stop();
    expect(samples.worst).toEqual({ p50: 5, p99: 30, max: 45 });
  });
});
