/**
 * @module The Slack app's composition: a Bolt app whose requests arrive on Quarry's own port at
 * /slack/events (HTTP mode, checked by signature), or over Socket Mode when an app-level token is
 * given (installs behind a firewall). `SLACK_API_URL` points the Web API client elsewhere
 * (GovSlack-style deployments, the offline tests).
 */
import { App } from '@slack/bolt';
import { Hono } from 'hono';
import { boltLogger } from './bolt-logger.js';
import type { DeliveryLog } from './delivery-deduplicator.js';
import type { SlackLogEntry } from './bolt-logger.js';
import { registerQuarryListeners } from './quarry-slack-listeners.js';
import type { QuarrySlackDependencies } from './quarry-slack-listeners.js';
import { createSlackLinks } from './slack-links.js';
import { SlackHttpReceiver } from './slack-receiver.js';

export interface SlackAppOptions extends Omit<QuarrySlackDependencies, 'links' | 'logError'> {
  signingSecret: string;
  botToken: string;
  /** An app-level token (`xapp-…`): use Socket Mode instead of HTTP. */
  appToken?: string;
  /** The Slack Web API base URL (default Slack's own). */
  apiUrl?: string;
  /** The web app's public address, for links; none: no links. */
  publicUrl?: string | null;
  log: (entry: SlackLogEntry) => void;
  /** Seconds since the epoch, for signature timestamps (tests). */
  nowSeconds?: () => number;
  /** Where handled deliveries are remembered (default: in this process); HTTP mode. */
  deliveries?: DeliveryLog;
}

export interface QuarrySlackApp {
  /** POST /slack/events for the API's server; null in Socket Mode. */
  routes: Hono | null;
  mode: 'http' | 'socket';
  /** Checks the bot token (auth.test) and, in Socket Mode, connects. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSlackApp(options: SlackAppOptions): QuarrySlackApp {
  const logger = boltLogger(options.log);
  const clientOptions = {
    ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 5_000 },
  };
  const logError: QuarrySlackDependencies['logError'] = ({ referenceId, where, error }) =>
    options.log({
      level: 'error',
      message: 'slack handler failed',
      referenceId,
      where,
      error:
        error instanceof Error
          ? { name: error.name, message: error.message, stack: error.stack }
          : String(error),
    });
  const dependencies: QuarrySlackDependencies = {
    agent: options.agent,
    conversations: options.conversations,
    search: options.search,
    maxConversationMessages: options.maxConversationMessages,
    links: createSlackLinks(options.publicUrl ?? null),
    logError,
    ...(options.sentenceLimit === undefined ? {} : { sentenceLimit: options.sentenceLimit }),
  };

  if (options.appToken) {
    const app = new App({
      token: options.botToken,
      appToken: options.appToken,
      socketMode: true,
      logger,
      clientOptions,
      deferInitialization: true,
    });
    registerQuarryListeners(app, dependencies);
    return {
      routes: null,
      mode: 'socket',
      async start() {
        await app.init();
        await app.start();
      },
      stop: () => app.stop().then(() => undefined),
    };
  }

  const receiver = new SlackHttpReceiver({
    signingSecret: options.signingSecret,
    onError: (error) => logError({ referenceId: 'receiver', where: 'processEvent', error }),
    ...(options.nowSeconds ? { nowSeconds: options.nowSeconds } : {}),
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
  });
  const app = new App({
    token: options.botToken,
    receiver,
    logger,
    clientOptions,
    deferInitialization: true,
  });
  registerQuarryListeners(app, dependencies);
  const routes = new Hono();
  routes.post('/slack/events', (context) => receiver.handle(context));
  return {
    routes,
    mode: 'http',
    start: () => app.init(),
    stop: () => Promise.resolve(),
  };
}
