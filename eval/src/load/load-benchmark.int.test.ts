/**
 * The load benchmark at CI scale: 5 clients for 5 s against a real `quarry serve` on a tiny
 * database must meet the shared-server correctness targets (no 5xx, every request answered, peak
 * memory <= 1.5x idle, the server alive). Its speed figures (search p95, event-loop delay) are
 * measured by `quarry bench load` and recorded in docs/benchmarks.md, not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchmarkServer } from './benchmark-server.js';
import { correctnessTargets, missedTargets } from './benchmark-target.js';
import { runLoadBenchmark } from './run-load-benchmark.js';
import { openTinyBenchmarkServer } from './test-support/tiny-benchmark-server.js';
import type { TinyBenchmarkServer } from './test-support/tiny-benchmark-server.js';
import { missingPrerequisite, requirePrerequisite } from './test-support/tiny-database.js';

const runnable = requirePrerequisite(missingPrerequisite());

describe.runIf(runnable)('quarry bench load (CI scale)', () => {
  let tiny: TinyBenchmarkServer;
  let server: BenchmarkServer;

  beforeAll(async () => {
    tiny = await openTinyBenchmarkServer();
    server = tiny.server;
  });

  afterAll(async () => {
    await tiny?.close();
  });

  it('serves 5 clients for 5 s within the targets', { timeout: 60_000 }, async () => {
    const result = await runLoadBenchmark({
      url: server.url,
      token: server.token,
      processId: server.processId,
      clients: 5,
      durationSeconds: 5,
      idleSeconds: 1,
      seed: 1,
      log: () => undefined,
    });
    expect(result.outcomes.requests).toBeGreaterThan(20);
    expect(Object.keys(result.outcomes.byClass).sort()).toEqual(
      ['chat', 'pages', 'search', 'suggest', 'upload'].filter(
        (name) => name in result.outcomes.byClass,
      ),
    );
    expect(missedTargets(correctnessTargets(result.targets))).toEqual([]);
  });
});
