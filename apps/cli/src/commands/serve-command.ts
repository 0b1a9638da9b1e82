/**
 * @module `quarry serve`: the product's composition root. Decides who may use the server (the API
 * token; beyond loopback only with one), opens the database (ingesting the first-start catalog into an
 * empty one), loads the encoder, builds the dataset recommender and the chat agent (rebuilt when
 * another process changes the catalog, serve/served-catalog.ts), starts loading the frame index in
 * the background, and serves the API until SIGINT / SIGTERM, then drains requests in flight and
 * closes the database within a deadline.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Logger } from '@quarry/api';
import { createApp, removeLeftoverUploads } from '@quarry/api';
import type { DatasetAgent } from '@quarry/agent';
import { AppError } from '@quarry/core';
import { configureScanPool } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import { englishWords, ingestDatasets, repairPaperTitles } from '@quarry/ingest';
import type { ArxivOnDemand } from '@quarry/ingest';
import { createFrameSlackSearch, createSlackApp, deliveryMemoryMs } from '@quarry/slack';
import type { QuarrySlackApp } from '@quarry/slack';
import { analyzeTablesMissingStatistics, isPostgresUrl, openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import type { Command, CommandContext } from '../command.js';
import { databaseOption, parseCommandArgs } from '../parse-command-args.js';
import { startEventLoopHealth } from '../serve/event-loop-health.js';
import { shutDown } from '../serve/graceful-shutdown.js';
import { composeServedServices } from '../serve/served-services.js';
import {
  isEmbeddedFolder,
  reachableUrl,
  recordRunningServer,
} from '../serve/running-server-record.js';
import { resolveServerAccess } from '../serve/server-access.js';
import {
  leaveWorkerPool,
  serveWorkerIndex,
  superviseServeWorkers,
} from '../serve/serve-workers.js';
import { maxServeWorkers } from '../settings.js';
import { serveLogger } from '../serve/serve-logger.js';
import { quarryVersion } from '../version.js';

const usage =
  'quarry serve [--db DIR|URL] [--port N] [--host ADDRESS] [--trust-network] [--model M] [--workers N]';

/** `--workers N`: a whole number within bounds, and more than one only on PostgreSQL. */
function checkWorkerCount(workers: number, location: string, given: string): void {
  if (!Number.isInteger(workers) || workers < 1 || workers > maxServeWorkers) {
    throw new AppError({
      code: 'invalid_input',
      message: `--workers must be a whole number from 1 to ${maxServeWorkers}, got "${given}"`,
    });
  }
  if (workers > 1 && !isPostgresUrl(location)) {
    throw new AppError({
      code: 'invalid_input',
      message: `--workers ${workers} needs PostgreSQL: the embedded database at ${location} is opened by one process only`,
      fix: 'serve with --db postgres://… (or QUARRY_DB), or without --workers',
    });
  }
}

/**
 * Once per start, before serving: the first-start catalog into an empty database, statistics for
 * tables that have none, readable titles for papers stored before titles were made readable, and
 * what the database holds.
 */
export async function prepareDatabase(context: CommandContext, store: Store): Promise<void> {
  const { io } = context;
  await ingestFirstStartCatalogIfEmpty(context, store);
  // A bulk load whose tables were never analysed (an older `quarry index`, a restore) leaves the
  // planner blind: every answer search on PostgreSQL would take seconds until autovacuum runs.
  const analysed = await analyzeTablesMissingStatistics(store.client);
  if (analysed.length > 0)
    io.stderr(
      `analysed ${analysed.length} tables without planner statistics: ${analysed.join(', ')}\n`,
    );
  // Read now rather than by the first upload's hyphen rule, which would hold the loop for it.
  englishWords();
  const titles = await repairPaperTitles({ store });
  if (titles.retitled.length > 0)
    io.stderr(
      `gave ${titles.retitled.length} papers a readable title in place of an id or heading\n`,
    );
  const held = await store.stats();
  io.stderr(
    held.papers === 0
      ? `${held.datasets} datasets, no papers yet: answers, in-paper search and citations need papers. Add them while the server runs: the web app's "Add a paper" page (/upload), or in another terminal npx quarry ingest papers DIR (sent through this server, searchable at once); npx quarry pull arxiv ID writes to the database itself, so run it while the server is stopped (or on PostgreSQL)\n`
      : `${held.datasets} datasets, ${held.papers} papers (${held.frames} sentences); add more on /upload or with npx quarry ingest papers DIR in another terminal; browse them on /papers\n`,
  );
}

/**
 * On first start the catalog is empty: import the first-start catalog (the shipped Papers with Code
 * catalog, merged already) so the product is useful at once.
 */
async function ingestFirstStartCatalogIfEmpty(
  context: CommandContext,
  store: Store,
): Promise<void> {
  if ((await store.datasets.count()) > 0) return;
  const catalog = context.settings.firstStartCatalog;
  if (!existsSync(catalog)) {
    context.io.stderr(`note: empty catalog and no first-start catalog at ${catalog}\n`);
    return;
  }
  const started = performance.now();
  const summary = await ingestDatasets({
    store,
    files: [catalog],
    maxLineBytes: context.settings.maxLineBytes,
    mergeSources: false,
  });
  context.io.stderr(
    `imported ${summary.records} datasets from ${catalog} in ${((performance.now() - started) / 1000).toFixed(1)} s (${summary.errors.length} errors)\n`,
  );
}

/**
 * The Slack app, when SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN are set: on this server's port at
 * /slack/events, or over Socket Mode with SLACK_APP_TOKEN. A Slack that cannot be reached does not
 * stop the web app: the failure is logged and the server goes on. Its "Add it" on an arXiv link
 * pulls the paper as `quarry pull arxiv` does (same sources, limits and pull folder), into this
 * server's database, and makes it searchable as an upload is.
 */
async function startSlackIfConfigured(options: {
  context: CommandContext;
  agent: DatasetAgent;
  store: Store;
  currentFrameIndex: () => AnswerSearch | null;
  arxivPapers: ArxivOnDemand;
  log: Logger;
}): Promise<QuarrySlackApp | null> {
  const { settings, io } = options.context;
  if (!settings.slack) return null;
  const slack = createSlackApp({
    ...settings.slack,
    publicUrl: settings.publicUrl ?? null,
    agent: options.agent,
    conversations: options.store.conversations,
    search: createFrameSlackSearch(options.currentFrameIndex),
    maxConversationMessages: settings.limits.maxConversationMessages,
    arxiv: options.arxivPapers,
    log: options.log,
    // In the database: a retried event reaching another process (--workers) is not answered twice.
    deliveries: {
      firstTime: (key) => options.store.slackDeliveries.firstTime(key, deliveryMemoryMs),
    },
  });
  try {
    await slack.start();
    io.stderr(
      slack.mode === 'socket'
        ? 'Slack app connected over Socket Mode\n'
        : 'Slack app answering at /slack/events\n',
    );
  } catch (error) {
    options.log({
      level: 'error',
      message: 'the Slack app could not start',
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return slack;
}

export const serveCommand: Command = {
  usage,
  summary: 'start the API server (and the web app once built)',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...databaseOption,
        port: { type: 'string' },
        host: { type: 'string' },
        'trust-network': { type: 'boolean' },
        model: { type: 'string' },
        workers: { type: 'string' },
      },
    });
    const { io, settings } = context;
    const hostname = values.host ?? settings.host;
    const { access, tokenSource } = await resolveServerAccess({
      host: hostname,
      apiToken: settings.apiToken,
      apiTokenFile: settings.apiTokenFile,
      trustNetwork: values['trust-network'] === true || settings.trustNetwork,
      allowedHosts:
        settings.allowedHosts === 'any' || settings.publicUrl === undefined
          ? settings.allowedHosts
          : [...settings.allowedHosts, new URL(settings.publicUrl).hostname],
    });
    const location = values.db ?? settings.database;
    const workersGiven = values.workers ?? String(settings.serveWorkers);
    const workers = Number(workersGiven.trim() || Number.NaN);
    checkWorkerCount(workers, location, workersGiven);
    const workerIndex = serveWorkerIndex();
    if (workerIndex === null) {
      // Once per start, before any worker serves: uploads cut short by the last stop, the first-start
      // catalog, readable titles.
      const removedUploads = await removeLeftoverUploads();
      if (removedUploads > 0) io.stderr(`removed ${removedUploads} unfinished upload folders\n`);
    }
    if (workerIndex === null && workers > 1) {
      const store = await openStore({ location, connection: settings.databaseConnection });
      try {
        await prepareDatabase(context, store);
      } finally {
        await store.close();
      }
      return superviseServeWorkers({
        workers,
        stopDeadlineMs: settings.shutdownTimeoutMs + 5_000,
        log: (line) => io.stderr(`${line}\n`),
      });
    }
    const store = await openStore({ location, connection: settings.databaseConnection });
    if (workerIndex === null) await prepareDatabase(context, store);
    const health = startEventLoopHealth();
    // The in-memory answer search scans its vectors on these threads, not the event loop's.
    configureScanPool({ workers: settings.scanWorkers });
    const logger = serveLogger(settings, io);
    const services = await composeServedServices({
      context,
      store,
      location,
      model: values.model,
      logger,
    });
    const { frames, currentFrameIndex, servedAnswers, recommender, browser, agent } = services;
    // In memory: answers, in-paper search and suggestions answer 503 until the index is loaded.
    // On PostgreSQL they answer at once; papers never indexed are indexed in the background (by
    // the first worker only, under --workers).
    if (workerIndex === null || workerIndex === 1) frames?.reload().catch(() => undefined);

    const webBuilt = existsSync(settings.webRoot);
    if (!webBuilt)
      io.stderr(`note: no web app at ${settings.webRoot} (run npm run build); API only\n`);
    if (frames && servedAnswers.hypotheticalAnswers && (workerIndex === null || workerIndex === 1))
      io.stderr(
        `answer and in-paper search also search with a hypothetical answer from the ${settings.languageModel.provider} language model (QUARRY_HYDE=off to turn off)\n`,
      );
    const app = createApp({
      store,
      version: quarryVersion,
      access,
      limits: settings.limits,
      logger,
      runtimeHealth: () => health.read(),
      answers: currentFrameIndex,
      questionAnswers: servedAnswers.current,
      agent,
      recommender,
      browser,
      uploader: services.uploader,
      ...(frames ? { afterPaperDelete: (paperId: string) => frames.removePaper(paperId) } : {}),
      ...(webBuilt ? { webRoot: settings.webRoot } : {}),
      mcp: {
        ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
        pageCharacters: settings.mcpPageCharacters,
        addArxivPaper: services.addArxivPaper,
      },
    });
    const slack = await startSlackIfConfigured({
      context,
      agent,
      store,
      currentFrameIndex,
      arxivPapers: services.arxivPapers,
      log: logger,
    });
    if (slack?.routes) app.route('/', slack.routes);
    const port = values.port === undefined ? settings.port : Number(values.port);
    let runningRecord: { remove(): void } | null = null;
    const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
      const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}`;
      // Commands on the same folder find this server here and send their work through it.
      if (isEmbeddedFolder(location))
        runningRecord = recordRunningServer({
          folder: location,
          url: reachableUrl(hostname, info.port),
        });
      // Under --workers, the first worker speaks for all of them.
      if (workerIndex !== null && workerIndex > 1) return;
      io.stderr(`Quarry ${quarryVersion} listening on ${url} (${store.client.location})\n`);
      io.stderr(
        access.tokenRequiredFor === 'all'
          ? 'every route needs the API token (Authorization: Bearer …, or sign in on the web app)\n'
          : 'reading is open on this machine; adding papers and annotations needs the API token\n',
      );
      if (tokenSource === 'file') {
        io.stderr(`the API token is in ${settings.apiTokenFile} (or set QUARRY_API_TOKEN)\n`);
        // Only on an interactive terminal, never into a log file: a link that signs the browser in.
        if (process.stderr.isTTY) io.stderr(`sign in: ${url}/sign-in#token=${access.apiToken}\n`);
      }
    });
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    io.stderr('shutting down\n');
    await shutDown({
      server: server as Server,
      deadlineMs: settings.shutdownTimeoutMs,
      closers: [
        () => {
          health.stop();
          return services.stop();
        },
        async () => {
          await slack?.stop();
        },
        () => {
          runningRecord?.remove();
          return store.close();
        },
      ],
      log: (line) => io.stderr(`${line}\n`),
    });
    leaveWorkerPool();
    return 0;
  },
};
