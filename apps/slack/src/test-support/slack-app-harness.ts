/**
 * @module The Slack app test harness: a store with the starter catalog and three papers, the real
 * agent on the shipped model, a loopback fake Slack Web API, and a running Quarry server (the API
 * app with /slack/events mounted, on an ephemeral port) plus a second server process's Slack app
 * on the same database. `slackAppHarness()` registers its start and stop with the calling suite.
 */
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '@quarry/api';
import type { FrameIndex } from '@quarry/frames';
import type { Store } from '@quarry/store';
import { createSlackApp } from '../create-slack-app.js';
import type { QuarrySlackApp, SlackAppOptions } from '../create-slack-app.js';
import type { SlackLogEntry } from '../bolt-logger.js';
import { starterStoreAndAgent } from './starter-agent.js';
import { listenOnLoopback, sharedSlackOptions, signedSlackHeaders } from './slack-test-server.js';
import { paperFrom, startFakeSlackApi } from '@quarry/testing';
import type { FakeSlackApi, RecordedCall } from '@quarry/testing';

export const signingSecret = 'slack-signing-secret-for-tests';
export { publicUrl } from './slack-test-server.js';

export const papers = [
  paperFrom({
    id: 'street-adapt',
    title: 'Adversarial Adaptation for Street Scene Segmentation',
    year: 2019,
    sections: [
      {
        title: 'Experiments',
        sentences: [
          'We adapt from synthetic images to Cityscapes with an adversarial discriminator.',
          'The segmentation network is trained with a learning rate of 0.00025 and a batch size of 1.',
          'On Cityscapes our method reaches 47.2 mean IoU.',
        ],
      },
    ],
  }),
  paperFrom({
    id: 'optimizer-study',
    title: 'A Study of Optimizers for Image Classification',
    year: 2020,
    sections: [
      {
        title: 'Method',
        sentences: [
          'We compare SGD with momentum and Adam on ImageNet.',
          'Adam converges faster but generalises slightly worse than SGD.',
        ],
      },
    ],
  }),
];
export const storedSentences = new Set(
  papers.flatMap((paper) => paper.sentences.map((sentence) => sentence.text)),
);

export interface Json {
  [key: string]: unknown;
}

export function blockText(call: RecordedCall): string {
  return JSON.stringify(call.body.blocks ?? []) + JSON.stringify(call.body.text ?? '');
}

/** The sentences a message quotes (`> …` lines of its sections), unescaped. */
export function quotedSentences(call: RecordedCall): string[] {
  const blocks = (call.body.blocks ?? []) as { type: string; text?: { text: string } }[];
  return blocks
    .flatMap((block) => (block.text?.text ?? '').split('\n'))
    .filter((line) => line.startsWith('> '))
    .map((line) =>
      line.slice(2).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    );
}

export function slackAppHarness() {
  let store: Store;
  let index: FrameIndex | null = null;
  let fake: FakeSlackApi;
  let slack: QuarrySlackApp;
  /** A second server process's Slack app on the same database (`quarry serve --workers 2`). */
  let secondSlack: QuarrySlackApp;
  let server: ServerType;
  let url: string;
  const clock = Math.floor(Date.now() / 1000);
  const logged: Json[] = [];

  beforeAll(async () => {
    let agent: Awaited<ReturnType<typeof starterStoreAndAgent>>['agent'];
    ({ store, index, agent } = await starterStoreAndAgent(papers));
    fake = await startFakeSlackApi();
    const slackOptions: SlackAppOptions = {
      ...sharedSlackOptions({
        signingSecret,
        apiUrl: fake.apiUrl,
        agent,
        store,
        index: () => index,
        clock,
      }),
      log: (entry: SlackLogEntry) => logged.push(entry),
      // As `quarry serve` does: handled deliveries are remembered in the database.
      deliveries: { firstTime: (key: string) => store.slackDeliveries.firstTime(key, 3_600_000) },
    };
    slack = createSlackApp(slackOptions);
    await slack.start();
    secondSlack = createSlackApp(slackOptions);
    await secondSlack.start();
    const app = createApp({
      store,
      version: 'test',
      access: {
        apiToken: 'api-token-for-slack-tests',
        tokenRequiredFor: 'writes',
        allowedHosts: [],
      },
      agent,
    });
    if (slack.routes) app.route('/', slack.routes);
    ({ server, url } = await listenOnLoopback(app.fetch));
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolveClosed) => server.close(resolveClosed));
    await slack.stop();
    await secondSlack.stop();
    await fake.close();
    await store.close();
  });

  const post = (
    raw: string,
    options: { contentType: string; timestamp?: number; signature?: string; headers?: Json },
  ) => {
    const timestamp = options.timestamp ?? clock;
    return fetch(`${url}/slack/events`, {
      method: 'POST',
      headers: {
        ...signedSlackHeaders({
          signingSecret,
          timestamp,
          rawBody: raw,
          contentType: options.contentType,
        }),
        ...(options.signature === undefined ? {} : { 'x-slack-signature': options.signature }),
        ...(options.headers as Record<string, string> | undefined),
      },
      body: raw,
    });
  };
  let triggers = 0;
  const command = (text: string, channel = 'C1') => {
    triggers += 1;
    const form = new URLSearchParams({
      command: '/quarry',
      text,
      team_id: 'T1',
      channel_id: channel,
      user_id: 'U1',
      trigger_id: `trigger-${triggers}`,
      response_url: fake.responseUrl(`command-${triggers}`),
    });
    return post(form.toString(), { contentType: 'application/x-www-form-urlencoded' });
  };
  const event = (body: Json, headers: Json = {}) =>
    post(JSON.stringify(body), { contentType: 'application/json', headers });
  const threadReplies = (threadTs: string) =>
    fake.calls.filter(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === threadTs,
    );

  return {
    get store() {
      return store;
    },
    get fake() {
      return fake;
    },
    get secondSlack() {
      return secondSlack;
    },
    get url() {
      return url;
    },
    clock,
    logged,
    post,
    command,
    event,
    threadReplies,
  };
}
