/**
 * The hostile-input benchmark at CI scale: 300 seeded hostile requests, the streamed oversized
 * bodies (64 MiB here, 1 GiB in the full run) and the CJK upload pair against a real `quarry
 * serve` must give no 5xx, under 100 MB of memory growth and two papers. Whether any request took
 * over 1 s is measured by `quarry bench hostile` (docs/benchmarks.md), not asserted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchmarkServer } from './benchmark-server.js';
import { correctnessTargets, missedTargets } from './benchmark-target.js';
import { runHostileBenchmark } from './run-hostile-benchmark.js';
import { openTinyBenchmarkServer } from './test-support/tiny-benchmark-server.js';
import type { TinyBenchmarkServer } from './test-support/tiny-benchmark-server.js';
import { missingPrerequisite, requirePrerequisite } from './test-support/tiny-database.js';

const runnable = requirePrerequisite(missingPrerequisite());

describe.runIf(runnable)('quarry bench hostile (CI scale)', () => {
  let tiny: TinyBenchmarkServer;
  let server: BenchmarkServer;

  beforeAll(async () => {
    tiny = await openTinyBenchmarkServer();
    server = tiny.server;
  });

  afterAll(async () => {
    await tiny?.close();
  });

  it('answers 300 hostile requests within the targets', { timeout: 120_000 }, async () => {
    const result = await runHostileBenchmark({
      url: server.url,
      token: server.token,
      processId: server.processId,
      requests: 300,
      concurrency: 8,
      hugeBytes: 64 * 1024 * 1024,
      seed: 1,
      timeoutMs: 5_000,
      log: () => undefined,
    });
    expect(result.requests).toBeGreaterThanOrEqual(300);
    expect(result.hugeBodies.length).toBeGreaterThan(0);
    expect(missedTargets(correctnessTargets(result.targets))).toEqual([]);
    // The memory control ran: as many clean uploads as were accepted, their growth set apart.
    expect(result.memory.acceptedUploads).toBeGreaterThanOrEqual(2);
    expect(result.memory.uploadGrowthMb).toEqual(expect.any(Number));
    expect(result.memory.growthExcludingUploadsMb).toBeLessThanOrEqual(
      result.memory.growthMb ?? Number.POSITIVE_INFINITY,
    );
  });
});
