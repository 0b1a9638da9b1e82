/**
 * @module `quarry bench hostile`: thousands of seeded hostile requests across every route (fuzzed
 * parameters, bad and huge JSON, 1 GiB streamed bodies with honest, missing and lying lengths,
 * traversal, NUL and non-UTF-8 bytes, catastrophic regexes, CJK upload names) against a started
 * or running server; targets: no 5xx, nothing over 1 s, memory growth under 100 MB once accepted uploads (measured by a control of as many clean uploads) are excluded.
 */
import {
  formatOutcomeTable,
  formatStatusLine,
  openBenchmarkServer,
  runHostileBenchmark,
} from '@quarry/eval';
import type { Command } from '../command.js';
import { parseCommandArgs } from '../parse-command-args.js';
import {
  benchLog,
  benchServerOptions,
  printBenchReport,
  quarryBinary,
  wholeNumberOption,
} from './bench-server-options.js';

const usage =
  'quarry bench hostile [--db DIR|URL [--in-place] | --url http://127.0.0.1:PORT --token T] [--requests 5000] [--concurrency 8] [--huge-bytes 1073741824] [--seed 1] [--cpu-prof DIR] [--json]';

export const benchHostileCommand: Command = {
  usage,
  summary: 'hostile-input test of a running server: 5xx, slow requests, memory growth',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...benchServerOptions,
        requests: { type: 'string' },
        concurrency: { type: 'string' },
        'huge-bytes': { type: 'string' },
      },
    });
    const { io, settings } = context;
    const log = benchLog(io, values.verbose);
    const server = await openBenchmarkServer({
      ...(values.url === undefined ? {} : { url: values.url }),
      ...(values.token === undefined ? {} : { token: values.token }),
      quarryBinary,
      database: values.db ?? settings.database,
      copyDatabase: !values['in-place'],
      ...(values['cpu-prof'] === undefined ? {} : { cpuProfileDirectory: values['cpu-prof'] }),
      environment: io.environment,
      // Hostile input should reach the handlers, not stop at the rate limiter.
      serverSettings: {
        QUARRY_RATE_LIMIT_PER_MINUTE: '1000000',
        QUARRY_CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      log,
    });
    try {
      const result = await runHostileBenchmark({
        url: server.url,
        token: server.token,
        processId: server.processId,
        requests: wholeNumberOption({
          value: values.requests,
          name: 'requests',
          fallback: 5_000,
          minimum: 1,
          usage,
        }),
        concurrency: wholeNumberOption({
          value: values.concurrency,
          name: 'concurrency',
          fallback: 8,
          minimum: 1,
          usage,
        }),
        hugeBytes: wholeNumberOption({
          value: values['huge-bytes'],
          name: 'huge-bytes',
          fallback: 1024 ** 3,
          usage,
        }),
        seed: wholeNumberOption({ value: values.seed, name: 'seed', fallback: 1, usage }),
        log,
      });
      const huge = result.hugeBodies.map(
        (body) =>
          `  ${body.name}: status ${body.status || 'none'} after ${body.latencyMs} ms, ${body.megabytesSent} MB sent (${body.ending})`,
      );
      const slow = result.slowRequests
        .slice(0, 10)
        .map(
          (request) =>
            `  ${request.latencyMs} ms  ${request.status}  ${request.category}  ${request.path}`,
        );
      return printBenchReport({
        io,
        json: values.json,
        tables: [
          formatOutcomeTable(result.outcomes, 'byClass'),
          `${result.requests} requests; ${formatStatusLine(result.outcomes)}`,
          ['streamed bodies:', ...huge].join('\n'),
          [`requests over 1 s: ${result.overOneSecond}`, ...slow].join('\n'),
          `CJK uploads: ${result.cjkUploads.note} (statuses ${result.cjkUploads.statuses.join(', ')}; ids ${result.cjkUploads.paperIds.join(', ')})`,
          `memory (RSS): before ${result.memory.baselineRssMb ?? 'n/a'} MB, peak ${result.memory.peakRssMb ?? 'n/a'} MB, growth ${result.memory.growthMb ?? 'n/a'} MB; ${result.memory.acceptedUploads} accepted uploads, the same number of clean uploads afterwards grew it ${result.memory.uploadGrowthMb ?? 'n/a'} MB; growth excluding uploads ${result.memory.growthExcludingUploadsMb ?? 'n/a'} MB`,
        ],
        targets: result.targets,
        result,
      });
    } finally {
      await server.close();
    }
  },
};
