/**
 * @module `quarry bench load`: N virtual clients (each with its own cookie jar) drive a running
 * Quarry server for D seconds with the load mix (80% reading, 15% chat, 5% uploads), closed-loop
 * (a client sends its next request when the last one is answered). Reported: per class and route
 * counts, statuses and latency percentiles, 5xx, the event-loop delay (an outside probe stream,
 * and the server's own figure when GET /api/health has it) and the server's resident memory at
 * idle and at peak. A 429 is honoured like a browser would: the client waits (Retry-After, at
 * most 2 s) before its next request.
 */
import { createSeededRandom } from '@quarry/core';
import { atMost, isTrue } from './benchmark-target.js';
import type { TargetCheck } from './benchmark-target.js';
import { startEventLoopProbe, startServerEventLoopSampler } from './event-loop-probe.js';
import type { EventLoopProbeSummary, ServerEventLoopSamples } from './event-loop-probe.js';
import {
  chatRequest,
  defaultLoadMix,
  pickLoadClass,
  readingRequest,
  uploadRequest,
} from './load-request-mix.js';
import type { ChatConversation, LoadMixContext, LoadRequestClass } from './load-request-mix.js';
import { reportOutcomes } from './outcome-report.js';
import type { OutcomeReport } from './outcome-report.js';
import { bytesToMegabytes, readResidentSetBytes, startMemorySampler } from './process-memory.js';
import { discoverServerContent } from './server-content.js';
import { createVirtualClient } from './virtual-client.js';
import type { RequestOutcome } from './virtual-client.js';

export interface LoadBenchmarkOptions {
  url: string;
  token: string | null;
  /** The server's process id, for its memory (null: memory not measured). */
  processId: number | null;
  clients: number;
  durationSeconds: number;
  seed: number;
  /** Pause between a client's requests (default 0: closed loop at full speed). */
  thinkMs?: number;
  /**
   * With think time, each client first waits a seeded random part of one think time, as people
   * arrive at different moments (default true); false starts every client at once, which sends
   * all of them in one burst and keeps them in step for the whole run.
   */
  staggerStart?: boolean;
  mix?: Record<LoadRequestClass, number>;
  /** Seconds of probing the idle server before the load (default 3). */
  idleSeconds?: number;
  log: (line: string) => void;
}

export interface LoadBenchmarkResult {
  mode: 'load';
  url: string;
  clients: number;
  durationSeconds: number;
  seed: number;
  mix: Record<LoadRequestClass, number>;
  throughputPerSecond: number;
  outcomes: OutcomeReport;
  eventLoop: {
    idleProbeMs: EventLoopProbeSummary;
    loadProbeMs: EventLoopProbeSummary;
    /**
     * The server's own figures (GET /api/health `eventLoopDelayMs`, one per window it reported
     * during the run, and the worst), when it reports them.
     */
    serverReportedMs: ServerEventLoopSamples;
  };
  memory: { idleRssMb: number | null; peakRssMb: number | null; peakOverIdle: number | null };
  serverExitedDuringRun: boolean;
  targets: TargetCheck[];
}

const maxRetryWaitMs = 2_000;

function retryWaitMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (retryAfter === null || !Number.isFinite(seconds)) return 500;
  return Math.min(maxRetryWaitMs, Math.max(0, seconds * 1000));
}

/**
 * How long a virtual client waits before its first request: with think time and staggering, a
 * random part of one think time (people arrive at different moments); otherwise 0 (all at once).
 */
export function clientStartDelayMs(options: {
  random: () => number;
  thinkMs: number;
  stagger: boolean;
}): number {
  return options.stagger && options.thinkMs > 0 ? options.random() * options.thinkMs : 0;
}

export async function runLoadBenchmark(
  options: LoadBenchmarkOptions,
): Promise<LoadBenchmarkResult> {
  const { log } = options;
  const mix = options.mix ?? defaultLoadMix;
  const content = await discoverServerContent({ url: options.url, token: options.token });
  log(
    `server holds ${content.paperIds.length} papers and ${content.datasetIds.length} datasets (sampled)`,
  );

  log(`probing the idle server for ${options.idleSeconds ?? 3} s`);
  const idleProbe = startEventLoopProbe({ url: options.url });
  await new Promise((resolve) => setTimeout(resolve, (options.idleSeconds ?? 3) * 1000));
  const idleProbeMs = await idleProbe.stop();
  const idleRss = options.processId === null ? null : readResidentSetBytes(options.processId);

  const memory =
    options.processId === null ? null : startMemorySampler({ processId: options.processId });
  const probe = startEventLoopProbe({ url: options.url });
  // Only windows that began once the load had started: earlier ones measured start-up.
  const serverSampler = startServerEventLoopSampler({
    url: options.url,
    token: options.token,
    since: Date.now(),
  });
  const startedAt = performance.now();
  const deadline = startedAt + options.durationSeconds * 1000;
  const outcomes: RequestOutcome[] = [];
  const runKey = `${options.seed}-${Date.now().toString(36)}`;
  let uploads = 0;
  let serverGone = false;

  log(`${options.clients} clients for ${options.durationSeconds} s`);
  const clientLoops = Array.from({ length: options.clients }, async (_, clientNumber) => {
    const random = createSeededRandom(options.seed * 1_000 + clientNumber).nextFloat;
    const context: LoadMixContext = { random, ...content, runKey, mix };
    const client = createVirtualClient({
      baseUrl: options.url,
      token: options.token,
      startedAt,
    });
    let conversation: ChatConversation = {
      id: `load-${runKey}-c${clientNumber}-0`,
      userMessages: [],
    };
    let conversations = 0;
    const startDelay = clientStartDelayMs({
      random,
      thinkMs: options.thinkMs ?? 0,
      stagger: options.staggerStart ?? true,
    });
    if (startDelay > 0) await new Promise((resolve) => setTimeout(resolve, startDelay));
    while (performance.now() < deadline && !serverGone) {
      const requestClass = pickLoadClass(random, mix);
      let request;
      if (requestClass === 'chat') {
        if (conversation.userMessages.length >= 3) {
          conversations += 1;
          conversation = {
            id: `load-${runKey}-c${clientNumber}-${conversations}`,
            userMessages: [],
          };
        }
        request = chatRequest(context, conversation);
      } else if (requestClass === 'upload') {
        uploads += 1;
        request = uploadRequest(context, uploads);
      } else request = readingRequest(context, requestClass);
      const outcome = await client.send(request);
      outcomes.push(outcome);
      if (outcome.status === 0 && outcome.failure !== 'timeout' && options.processId !== null)
        serverGone = readResidentSetBytes(options.processId) === null;
      const wait =
        outcome.status === 429 || (outcome.status === 503 && outcome.retryAfter !== null)
          ? retryWaitMs(outcome.retryAfter)
          : (options.thinkMs ?? 0);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  });
  const progress = setInterval(() => {
    log(`${Math.round((performance.now() - startedAt) / 1000)} s: ${outcomes.length} requests`);
  }, 10_000);
  await Promise.all(clientLoops);
  clearInterval(progress);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const loadProbeMs = await probe.stop();
  memory?.stop();
  const serverReportedMs = await serverSampler.stop();
  const serverExitedDuringRun =
    options.processId !== null && readResidentSetBytes(options.processId) === null;

  const report = reportOutcomes(outcomes);
  const idleRssMb = bytesToMegabytes(idleRss);
  const peakRssMb = bytesToMegabytes(memory?.peakBytes() ?? null);
  const peakOverIdle =
    idleRssMb !== null && peakRssMb !== null
      ? Math.round((peakRssMb / idleRssMb) * 100) / 100
      : null;
  const eventLoopP99 = serverReportedMs.worst?.p99 ?? loadProbeMs.p99;
  const targets: TargetCheck[] = [
    atMost({ name: 'unexpected 5xx responses', measured: report.serverErrors, limit: 0 }),
    atMost({ name: 'requests with no response', measured: report.noResponse, limit: 0 }),
    atMost({
      name: 'search p95',
      measured: report.byClass['search']?.latencyMs.p95 ?? null,
      limit: 150,
      unit: 'ms',
      speed: true,
    }),
    atMost({
      name: 'chat p95',
      measured: report.byClass['chat']?.latencyMs.p95 ?? null,
      limit: 500,
      unit: 'ms',
      speed: true,
    }),
    atMost({
      name: serverReportedMs.worst
        ? 'event-loop delay p99 (server, worst window)'
        : 'event-loop delay p99 (probe)',
      measured: eventLoopP99,
      limit: 50,
      unit: 'ms',
      speed: true,
    }),
    atMost({ name: 'peak memory / idle memory', measured: peakOverIdle, limit: 1.5 }),
    isTrue({ name: 'server still running', measured: !serverExitedDuringRun }),
  ];
  return {
    mode: 'load',
    url: options.url,
    clients: options.clients,
    durationSeconds: options.durationSeconds,
    seed: options.seed,
    mix,
    throughputPerSecond: Math.round((outcomes.length / elapsedSeconds) * 10) / 10,
    outcomes: report,
    eventLoop: { idleProbeMs, loadProbeMs, serverReportedMs },
    memory: { idleRssMb, peakRssMb, peakOverIdle },
    serverExitedDuringRun,
    targets,
  };
}
