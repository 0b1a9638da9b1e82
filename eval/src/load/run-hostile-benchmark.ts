/**
 * @module `quarry bench hostile`: thousands of seeded hostile requests across every route (see
 * hostile-request-cases), a bounded number in flight, then the 1 GiB streamed bodies one at a
 * time, then the CJK upload check. Targets: no 5xx, no request over 1 s, the server's memory grows
 * by under 100 MB, two CJK-named uploads become two papers, and the server is still running.
 */
import { createSeededRandom } from '@quarry/core';
import { atMost, isTrue } from './benchmark-target.js';
import type { TargetCheck } from './benchmark-target.js';
import { checkCjkUploads } from './cjk-upload-check.js';
import type { CjkUploadCheck } from './cjk-upload-check.js';
import { generateHostileCases } from './hostile-request-cases.js';
import type { HostileCase } from './hostile-request-cases.js';
import { hugeBodyCases } from './huge-body-cases.js';
import { reportOutcomes } from './outcome-report.js';
import type { OutcomeReport } from './outcome-report.js';
import { bytesToMegabytes, readResidentSetBytes, startMemorySampler } from './process-memory.js';
import { sendRawHttpRequest } from './raw-http-request.js';
import { discoverServerContent } from './server-content.js';
import { uploadRequest } from './load-request-mix.js';
import { createVirtualClient } from './virtual-client.js';
import type { RequestOutcome, VirtualClient } from './virtual-client.js';

export interface HostileBenchmarkOptions {
  url: string;
  token: string | null;
  processId: number | null;
  requests: number;
  concurrency: number;
  seed: number;
  /** Size of the streamed oversized bodies (default 1 GiB; 0 skips them). */
  hugeBytes: number;
  /** Longest wait for one response (default 10 s; the target is 1 s). */
  timeoutMs?: number;
  log: (line: string) => void;
}

export interface SlowRequest {
  route: string;
  category: string;
  path: string;
  status: number;
  latencyMs: number;
}

export interface HugeBodyOutcome {
  name: string;
  status: number;
  latencyMs: number;
  megabytesSent: number;
  ending: string;
}

export interface HostileBenchmarkResult {
  mode: 'hostile';
  url: string;
  seed: number;
  requests: number;
  concurrency: number;
  outcomes: OutcomeReport;
  /** Every request over 1 s (the first 30), slowest first. */
  slowRequests: SlowRequest[];
  overOneSecond: number;
  hugeBodies: HugeBodyOutcome[];
  cjkUploads: CjkUploadCheck;
  memory: {
    baselineRssMb: number | null;
    peakRssMb: number | null;
    growthMb: number | null;
    /** Papers the hostile run stored (each grows the live index, which is expected). */
    acceptedUploads: number;
    /** Growth while the same number of clean papers were uploaded after the run (the control). */
    uploadGrowthMb: number | null;
    /** `growthMb` less `uploadGrowthMb`: what hostile input itself cost (target <= 100 MB). */
    growthExcludingUploadsMb: number | null;
  };
  serverExitedDuringRun: boolean;
  targets: TargetCheck[];
}

const oneSecond = 1000;

/**
 * The control for memory: after the hostile run, the same number of clean generated papers as it
 * stored are uploaded one by one, and the growth of the server's memory while they are indexed is
 * what accepted uploads cost. (Memory the hostile run freed may be reused here, which makes this
 * an underestimate and the growth it leaves to hostile input an overestimate.)
 */
async function uploadControl(options: {
  processId: number;
  client: VirtualClient;
  uploads: number;
  runKey: string;
  random: () => number;
  log: (line: string) => void;
}): Promise<number | null> {
  const before = readResidentSetBytes(options.processId);
  if (before === null || options.uploads === 0) return before === null ? null : 0;
  options.log(`control: uploading ${options.uploads} clean papers`);
  const sampler = startMemorySampler({ processId: options.processId });
  const context = {
    random: options.random,
    runKey: `${options.runKey}-control`,
    paperIds: [],
    datasetIds: [],
  };
  for (let upload = 0; upload < options.uploads; upload++) {
    const outcome = await options.client.send(uploadRequest(context, upload));
    // The upload slots are shared with nobody now; a 429 just waits its Retry-After.
    if (outcome.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(outcome.retryAfter ?? 1)));
      upload -= 1;
    }
  }
  sampler.stop();
  const peak = sampler.peakBytes();
  const beforeMb = bytesToMegabytes(before);
  const peakMb = bytesToMegabytes(peak);
  return beforeMb === null || peakMb === null
    ? null
    : Math.round(Math.max(0, peakMb - beforeMb) * 10) / 10;
}

async function sendCase(options: {
  hostileCase: HostileCase;
  client: VirtualClient;
  url: string;
  startedAt: number;
  timeoutMs: number;
}): Promise<RequestOutcome> {
  const { hostileCase } = options;
  if (hostileCase.transport === 'fetch')
    return options.client.send({ ...hostileCase.request, timeoutMs: options.timeoutMs });
  const address = new URL(options.url);
  const started = performance.now();
  const raw = await sendRawHttpRequest({
    host: address.hostname,
    port: Number(address.port),
    head: hostileCase.head(address.host),
    ...(hostileCase.body ? { body: [hostileCase.body] } : {}),
    timeoutMs: options.timeoutMs,
  });
  return {
    route: hostileCase.route,
    requestClass: hostileCase.category,
    method: 'GET',
    path: hostileCase.route,
    status: raw.status,
    latencyMs: raw.latencyMs,
    headersMs: raw.latencyMs,
    startedAtMs: started - options.startedAt,
    responseBytes: 0,
    requestId: /x-request-id:\s*(\S+)/i.exec(raw.responseHead)?.[1] ?? null,
    retryAfter: null,
    errorCode: null,
    failure:
      raw.status === 0 ? (raw.ending === 'timeout' ? 'timeout' : (raw.error ?? raw.ending)) : null,
  };
}

export async function runHostileBenchmark(
  options: HostileBenchmarkOptions,
): Promise<HostileBenchmarkResult> {
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const content = await discoverServerContent({ url: options.url, token: options.token });
  const startedAt = performance.now();
  const runKey = `${options.seed}-${Date.now().toString(36)}`;
  const baselineRss = options.processId === null ? null : readResidentSetBytes(options.processId);
  const memory =
    options.processId === null ? null : startMemorySampler({ processId: options.processId });
  const random = createSeededRandom(options.seed).nextFloat;
  const cases = generateHostileCases(
    { random, paperIds: content.paperIds, datasetIds: content.datasetIds, runKey },
    options.requests,
  );
  const outcomes: RequestOutcome[] = [];
  const categoryOf = new Map<RequestOutcome, string>();

  log(`${options.requests} hostile requests, ${options.concurrency} in flight`);
  const workers = Array.from({ length: options.concurrency }, async () => {
    const client = createVirtualClient({ baseUrl: options.url, token: options.token, startedAt });
    for (;;) {
      const next = cases.next();
      if (next.done) return;
      const outcome = await sendCase({
        hostileCase: next.value,
        client,
        url: options.url,
        startedAt,
        timeoutMs,
      });
      categoryOf.set(outcome, next.value.category);
      outcomes.push(outcome);
      if (outcomes.length % 1000 === 0) log(`${outcomes.length} requests sent`);
    }
  });
  await Promise.all(workers);

  const hugeBodies: HugeBodyOutcome[] = [];
  if (options.hugeBytes > 0) {
    const address = new URL(options.url);
    for (const hugeCase of hugeBodyCases({ hugeBytes: options.hugeBytes, token: options.token })) {
      log(`streaming: ${hugeCase.name}`);
      const started = performance.now();
      const raw = await sendRawHttpRequest({
        host: address.hostname,
        port: Number(address.port),
        head: hugeCase.head(address.host),
        body: hugeCase.body(),
        // A server that reads the whole body needs a while for 1 GiB; the target is still 1 s.
        timeoutMs: Math.max(timeoutMs, 60_000),
      });
      hugeBodies.push({
        name: hugeCase.name,
        status: raw.status,
        latencyMs: Math.round(raw.latencyMs),
        megabytesSent: Math.round((raw.bytesSent / (1024 * 1024)) * 10) / 10,
        ending: raw.ending,
      });
      const outcome: RequestOutcome = {
        route: hugeCase.route,
        requestClass: 'huge-body',
        method: 'POST',
        path: hugeCase.name,
        status: raw.status,
        latencyMs: raw.latencyMs,
        headersMs: raw.latencyMs,
        startedAtMs: started - startedAt,
        responseBytes: 0,
        requestId: /x-request-id:\s*(\S+)/i.exec(raw.responseHead)?.[1] ?? null,
        retryAfter: null,
        errorCode: null,
        failure: raw.status === 0 ? raw.ending : null,
      };
      categoryOf.set(outcome, 'huge-body');
      outcomes.push(outcome);
    }
  }

  log('uploading two papers with CJK file names');
  const cjkClient = createVirtualClient({ baseUrl: options.url, token: options.token, startedAt });
  const cjkUploads = await checkCjkUploads({ client: cjkClient, random, runKey });
  memory?.stop();
  const acceptedUploads =
    outcomes.filter((outcome) => outcome.status === 201).length +
    cjkUploads.statuses.filter((status) => status === 201).length;
  const uploadGrowthMb =
    options.processId === null
      ? null
      : await uploadControl({
          processId: options.processId,
          client: cjkClient,
          uploads: acceptedUploads,
          runKey,
          random,
          log,
        });
  const serverExitedDuringRun =
    options.processId !== null && readResidentSetBytes(options.processId) === null;

  const slow = outcomes
    .filter((outcome) => outcome.latencyMs > oneSecond)
    .sort((left, right) => right.latencyMs - left.latencyMs);
  const baselineRssMb = bytesToMegabytes(baselineRss);
  const peakRssMb = bytesToMegabytes(memory?.peakBytes() ?? null);
  const growthMb =
    baselineRssMb !== null && peakRssMb !== null
      ? Math.round((peakRssMb - baselineRssMb) * 10) / 10
      : null;
  const growthExcludingUploadsMb =
    growthMb !== null && uploadGrowthMb !== null
      ? Math.round(Math.max(0, growthMb - uploadGrowthMb) * 10) / 10
      : growthMb;
  const report = reportOutcomes(outcomes);
  const targets: TargetCheck[] = [
    atMost({ name: '5xx responses', measured: report.serverErrors, limit: 0 }),
    atMost({ name: 'requests over 1 s', measured: slow.length, limit: 0, speed: true }),
    atMost({
      name: 'memory growth, accepted uploads excluded',
      measured: growthExcludingUploadsMb,
      limit: 100,
      unit: 'MB',
    }),
    isTrue({ name: 'two CJK-named uploads are two papers', measured: cjkUploads.twoPapers }),
    isTrue({ name: 'server still running', measured: !serverExitedDuringRun }),
  ];
  return {
    mode: 'hostile',
    url: options.url,
    seed: options.seed,
    requests: outcomes.length,
    concurrency: options.concurrency,
    outcomes: report,
    slowRequests: slow.slice(0, 30).map((outcome) => ({
      route: outcome.route,
      category: categoryOf.get(outcome) ?? outcome.requestClass,
      path: outcome.path.slice(0, 160),
      status: outcome.status,
      latencyMs: Math.round(outcome.latencyMs),
    })),
    overOneSecond: slow.length,
    hugeBodies,
    cjkUploads,
    memory: {
      baselineRssMb,
      peakRssMb,
      growthMb,
      acceptedUploads,
      uploadGrowthMb,
      growthExcludingUploadsMb,
    },
    serverExitedDuringRun,
    targets,
  };
}
