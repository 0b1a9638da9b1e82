/**
 * @module `quarry bench load`: starts `quarry serve` on 127.0.0.1 (on a copy of `--db`) or targets
 * `--url`, drives it with N virtual clients for D seconds (80% reading, 15% chat, 5% uploads) and
 * reports latency per class and route, statuses, 5xx, event-loop delay and memory, against the
 * shared-server targets (docs/benchmarks.md).
 */
import { AppError } from '@quarry/core';
import {
  formatOutcomeTable,
  formatStatusLine,
  openBenchmarkServer,
  parseLoadMix,
  runLoadBenchmark,
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
  'quarry bench load [--db DIR|URL [--in-place] | --url http://127.0.0.1:PORT --token T] [--clients 50] [--seconds 60] [--think-ms 0] [--no-stagger] [--mix search:45,suggest:15,pages:20,chat:15,upload:5] [--rate-limit N] [--max-uploads N] [--workers N] [--seed 1] [--cpu-prof DIR] [--json]';

export const benchLoadCommand: Command = {
  usage,
  summary: 'load test a running server: latency per class, 5xx, event-loop delay, memory',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...benchServerOptions,
        clients: { type: 'string' },
        seconds: { type: 'string' },
        'think-ms': { type: 'string' },
        'no-stagger': { type: 'boolean', default: false },
        mix: { type: 'string' },
        'rate-limit': { type: 'string' },
        'max-uploads': { type: 'string' },
        workers: { type: 'string' },
      },
    });
    const { io, settings } = context;
    const log = benchLog(io, values.verbose);
    const mix = values.mix === undefined ? undefined : parseLoadMix(values.mix);
    if (mix === null)
      throw new AppError({
        code: 'invalid_input',
        message: `--mix "${values.mix}" is not a list of class:share`,
        fix: 'e.g. --mix search:45,suggest:15,pages:20,chat:15,upload:0',
      });
    // The load measures capacity, not the limiter: a started server gets search and chat limits
    // far above the load unless --rate-limit is given (uploads keep the server's default slots).
    const rateLimit = wholeNumberOption({
      value: values['rate-limit'],
      name: 'rate-limit',
      fallback: 1_000_000,
      minimum: 1,
      usage,
    });
    const serverSettings: Record<string, string> = {
      QUARRY_RATE_LIMIT_PER_MINUTE: String(rateLimit),
      QUARRY_CHAT_RATE_LIMIT_PER_MINUTE: String(rateLimit),
    };
    if (values['max-uploads'] !== undefined)
      serverSettings['QUARRY_MAX_CONCURRENT_UPLOADS'] = String(
        wholeNumberOption({
          value: values['max-uploads'],
          name: 'max-uploads',
          fallback: 1,
          minimum: 1,
          usage,
        }),
      );
    // A started server's worker processes (`quarry serve --workers N`, PostgreSQL only).
    if (values.workers !== undefined)
      serverSettings['QUARRY_SERVE_WORKERS'] = String(
        wholeNumberOption({
          value: values.workers,
          name: 'workers',
          fallback: 1,
          minimum: 1,
          usage,
        }),
      );
    const server = await openBenchmarkServer({
      ...(values.url === undefined ? {} : { url: values.url }),
      ...(values.token === undefined ? {} : { token: values.token }),
      quarryBinary,
      database: values.db ?? settings.database,
      copyDatabase: !values['in-place'],
      ...(values['cpu-prof'] === undefined ? {} : { cpuProfileDirectory: values['cpu-prof'] }),
      environment: io.environment,
      serverSettings,
      log,
    });
    try {
      log(
        `server ready at ${server.url} (health ${Math.round(server.readiness.healthMs)} ms, answers ${server.readiness.answersMs === null ? 'not ready' : `${Math.round(server.readiness.answersMs)} ms`})`,
      );
      const result = await runLoadBenchmark({
        url: server.url,
        token: server.token,
        processId: server.processId,
        clients: wholeNumberOption({
          value: values.clients,
          name: 'clients',
          fallback: 50,
          minimum: 1,
          usage,
        }),
        durationSeconds: wholeNumberOption({
          value: values.seconds,
          name: 'seconds',
          fallback: 60,
          minimum: 1,
          usage,
        }),
        thinkMs: wholeNumberOption({
          value: values['think-ms'],
          name: 'think-ms',
          fallback: 0,
          usage,
        }),
        seed: wholeNumberOption({ value: values.seed, name: 'seed', fallback: 1, usage }),
        staggerStart: !values['no-stagger'],
        ...(mix ? { mix } : {}),
        log,
      });
      const loop = result.eventLoop;
      return printBenchReport({
        io,
        json: values.json,
        tables: [
          formatOutcomeTable(result.outcomes, 'byClass'),
          formatOutcomeTable(result.outcomes, 'byRoute'),
          `${result.outcomes.requests} requests, ${result.throughputPerSecond}/s; ${formatStatusLine(result.outcomes)}`,
          `event loop (probe latency): idle p50 ${loop.idleProbeMs.p50} ms p99 ${loop.idleProbeMs.p99} ms; under load p50 ${loop.loadProbeMs.p50} ms p99 ${loop.loadProbeMs.p99} ms max ${loop.loadProbeMs.max} ms; server-reported ${loop.serverReportedMs.worst ? `worst window p50 ${loop.serverReportedMs.worst.p50} p99 ${loop.serverReportedMs.worst.p99} max ${loop.serverReportedMs.worst.max} ms (${loop.serverReportedMs.windows.length} windows)` : 'not available (GET /api/health has no eventLoopDelayMs)'}`,
          `memory (RSS): idle ${result.memory.idleRssMb ?? 'n/a'} MB, peak ${result.memory.peakRssMb ?? 'n/a'} MB (${result.memory.peakOverIdle ?? 'n/a'}x)`,
        ],
        targets: result.targets,
        result,
      });
    } finally {
      await server.close();
    }
  },
};
