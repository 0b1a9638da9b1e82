/**
 * The Slack app against a loopback fake Slack Web API, through real signed HTTP requests to a
 * running Quarry server (the API app with /slack/events mounted, on an ephemeral port).
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatasetAgent } from '@quarry/agent';
import { createApp } from '@quarry/api';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { loadFrameIndex, memoryAnswerSearch } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import { ingestDatasets } from '@quarry/ingest';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createSlackApp } from './create-slack-app.js';
import type { QuarrySlackApp } from './create-slack-app.js';
import type { SlackLogEntry } from './bolt-logger.js';
import { createFrameSlackSearch } from './frame-slack-search.js';
import { signSlackRequest } from './slack-signature.js';
import { createHashingEmbedder, paperFrom, startFakeSlackApi } from '@quarry/testing';
import type { FakeSlackApi, RecordedCall } from '@quarry/testing';

const signingSecret = 'slack-signing-secret-for-tests';
const starterCatalog = resolve(import.meta.dirname, '../../../data/starter/datasets.jsonl');
const publicUrl = 'https://quarry.example.org';

const papers = [
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
const storedSentences = new Set(
  papers.flatMap((paper) => paper.sentences.map((sentence) => sentence.text)),
);

interface Json {
  [key: string]: unknown;
}

function blockText(call: RecordedCall): string {
  return JSON.stringify(call.body.blocks ?? []) + JSON.stringify(call.body.text ?? '');
}

/** The sentences a message quotes (`> …` lines of its sections), unescaped. */
function quotedSentences(call: RecordedCall): string[] {
  const blocks = (call.body.blocks ?? []) as { type: string; text?: { text: string } }[];
  return blocks
    .flatMap((block) => (block.text?.text ?? '').split('\n'))
    .filter((line) => line.startsWith('> '))
    .map((line) =>
      line.slice(2).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    );
}

describe('the Slack app', () => {
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
    store = await openStore({ location: 'memory://' });
    await ingestDatasets({ store, files: [starterCatalog], maxLineBytes: 1 << 20 });
    for (const paper of papers) await store.papers.upsert(paper);
    ({ index } = await loadFrameIndex({ store, embedder: createHashingEmbedder() }));
    const datasets = await store.datasets.all();
    // The shipped encoder, as `quarry serve` ranks datasets with it.
    const { embedder } = await loadEmbedder({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir: join(tmpdir(), 'quarry-slack-test-models'),
    });
    const recommender = await createDatasetRecommender({ datasets, embedder });
    const agent = createDatasetAgent({
      recommender,
      catalog: new Map(datasets.map((dataset) => [dataset.id, dataset])),
      // As `quarry serve` does: the starter catalog's task names.
      taskNames: [...new Set(datasets.flatMap((dataset) => dataset.tasks))],
    });
    fake = await startFakeSlackApi();
    const slackOptions = {
      signingSecret,
      botToken: 'xoxb-test-token',
      apiUrl: fake.apiUrl,
      publicUrl,
      agent,
      conversations: store.conversations,
      search: createFrameSlackSearch(() => index && memoryAnswerSearch(index, store)),
      maxConversationMessages: 100,
      log: (entry: SlackLogEntry) => logged.push(entry),
      nowSeconds: () => clock,
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
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolveListening) => server.once('listening', resolveListening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
        'content-type': options.contentType,
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature':
          options.signature ?? signSlackRequest({ signingSecret, timestamp, rawBody: raw }),
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

  it('answers /quarry datasets in a thread, acknowledged at once, naming Cityscapes', async () => {
    const startedAt = performance.now();
    const response = await command(
      'datasets I want to do semantic segmentation of street scenes for self-driving cars',
    );
    const ackMs = performance.now() - startedAt;
    expect(response.status).toBe(200);
    // Slack's own deadline, not a speed target: an unacknowledged request after 3 s is retried.
    expect(ackMs).toBeLessThan(3_000);
    const parent = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        String(call.body.text).includes('semantic segmentation of street'),
    );
    expect(String(parent.body.text)).toContain('<@U1>');
    const parentTs = String(
      (
        await fake.waitFor(
          (call) => call.method === 'chat.postMessage' && call.body.thread_ts !== undefined,
        )
      ).body.thread_ts,
    );
    const reply = threadReplies(parentTs)[0];
    expect(reply).toBeDefined();
    expect(blockText(reply as RecordedCall)).toContain('Cityscapes');
    // The dataset links to its page in the web app.
    expect(blockText(reply as RecordedCall)).toContain(`${publicUrl}/datasets/`);
  });

  it('asks with buttons when the task is open, and a click continues the thread with datasets', async () => {
    await command('datasets I need some data for my project', 'C2');
    const question = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C2' &&
        JSON.stringify(call.body.blocks ?? []).includes('"actions"'),
    );
    const blocks = question.body.blocks as { type: string; elements?: Json[] }[];
    const buttons = blocks.find((block) => block.type === 'actions')?.elements ?? [];
    expect(buttons.map((button) => (button.text as Json).text)).toContain('No preference');
    const threadTs = String(question.body.thread_ts);
    const first = buttons[0] as Json;
    const payload = {
      type: 'block_actions',
      team: { id: 'T1' },
      user: { id: 'U1' },
      channel: { id: 'C2' },
      trigger_id: 'click-1',
      container: { type: 'message', is_ephemeral: false },
      message: { ts: '1700000099.000100', thread_ts: threadTs, text: 'Which task?' },
      response_url: fake.responseUrl('click-1'),
      actions: [
        {
          type: 'button',
          action_id: first.action_id,
          block_id: 'quarry_quick_replies',
          value: first.value,
          action_ts: '1700000100.1',
        },
      ],
    };
    const click = await post(new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(click.status).toBe(200);
    await fake.waitFor((call) => call.method === 'chat.update' && call.body.channel === 'C2');
    const continued = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' && call.body.thread_ts === threadTs && call !== question,
    );
    expect(JSON.stringify(continued.body.blocks)).toMatch(/section/);
    const conversation = await store.conversations.get(`slack:T1:C2:${threadTs}`);
    expect(conversation?.messages.length).toBe(4);
  });

  it('/quarry ask and /quarry find quote sentences that exist in the index, with reader links', async () => {
    await command('ask what learning rate is used for segmentation?', 'C3');
    const asked = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C3' &&
        call.body.thread_ts !== undefined,
    );
    const quotes = quotedSentences(asked);
    expect(quotes.length).toBeGreaterThan(0);
    for (const quoted of quotes) expect(storedSentences.has(quoted)).toBe(true);
    expect(JSON.stringify(asked.body.blocks)).toContain(`${publicUrl}/papers/`);

    await command('find optimizers :: which optimizer converges faster?', 'C4');
    const found = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C4' &&
        call.body.thread_ts !== undefined,
    );
    expect(blockText(found)).toContain('Adam converges faster');
    expect(blockText(found)).toContain('optimizer-study');

    await command('ask which telescope photographed the comet tail?', 'C31');
    const unanswered = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C31' &&
        call.body.thread_ts !== undefined,
    );
    expect(blockText(unanswered)).toContain('No sentence clearly answers');
  });

  it('answers help and malformed commands with usage, privately, in the acknowledgement', async () => {
    for (const text of ['', 'help', 'find no separator here', 'frobnicate']) {
      const response = await command(text);
      const body = (await response.json()) as Json;
      expect(body.response_type).toBe('ephemeral');
      expect(String(body.text)).toContain('/quarry datasets');
    }
  });

  it('answers --private through the response URL only', async () => {
    const before = fake.calls.filter((call) => call.method === 'chat.postMessage').length;
    await command('ask --private what batch size is used?', 'C5');
    const privately = await fake.waitFor(
      (call) => call.method.startsWith('response:') && call.body.response_type === 'ephemeral',
    );
    expect(blockText(privately)).toContain('batch size of 1');
    expect(fake.calls.filter((call) => call.method === 'chat.postMessage').length).toBe(before);
  });

  it('replies once when a retry of an event reaches another server process', async () => {
    const mention = {
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-two-processes-1',
      event: {
        type: 'app_mention',
        user: 'U1',
        channel: 'C7',
        ts: '1700000250.000100',
        text: '<@UQUARRY> question answering datasets over scientific papers',
      },
    };
    expect((await event(mention)).status).toBe(200);
    // The retry goes to the other process, which shares only the database with the first.
    const raw = JSON.stringify(mention);
    const retried = await secondSlack.routes!.request('/slack/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(clock),
        'x-slack-signature': signSlackRequest({ signingSecret, timestamp: clock, rawBody: raw }),
        'x-slack-retry-num': '1',
        'x-slack-retry-reason': 'http_timeout',
      },
      body: raw,
    });
    expect(retried.status).toBe(200);
    await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000250.000100',
    );
    await new Promise((resolveLater) => setTimeout(resolveLater, 500));
    expect(threadReplies('1700000250.000100')).toHaveLength(1);
  });

  it('replies once to an event Slack delivers three times, and ignores bots', async () => {
    const mention = {
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-repeat-1',
      event: {
        type: 'app_mention',
        user: 'U1',
        channel: 'C6',
        ts: '1700000200.000100',
        text: '<@UQUARRY> semantic segmentation datasets of street scenes for self-driving cars',
      },
    };
    for (const retry of [undefined, '1', '2']) {
      const response = await event(
        mention,
        retry ? { 'x-slack-retry-num': retry, 'x-slack-retry-reason': 'http_timeout' } : {},
      );
      expect(response.status).toBe(200);
    }
    await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000200.000100',
    );
    await new Promise((resolveLater) => setTimeout(resolveLater, 500));
    expect(threadReplies('1700000200.000100')).toHaveLength(1);

    const before = fake.calls.length;
    await event({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-bot-1',
      event: {
        type: 'message',
        channel_type: 'im',
        channel: 'D1',
        bot_id: 'B2',
        user: 'U9',
        ts: '1700000300.1',
        text: 'hello',
      },
    });
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(fake.calls.length).toBe(before);
  });

  it('refuses a bad signature and a stale timestamp with 401 and no call to Slack', async () => {
    const before = fake.calls.length;
    const raw = JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-forged',
      event: { type: 'app_mention', channel: 'C7', ts: '1.1', text: 'hi' },
    });
    const forged = await post(raw, { contentType: 'application/json', signature: 'v0=deadbeef' });
    expect(forged.status).toBe(401);
    const stale = await post(raw, { contentType: 'application/json', timestamp: clock - 10 * 60 });
    expect(stale.status).toBe(401);
    const unsigned = await fetch(`${url}/slack/events`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(fake.calls.length).toBe(before);
  });

  it('waits out a 429 from Slack and still posts the reply', async () => {
    fake.rateLimitNextPost(1);
    await event({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-rate-1',
      event: {
        type: 'app_mention',
        user: 'U1',
        channel: 'C8',
        ts: '1700000400.000100',
        text: '<@UQUARRY> image classification of handwritten digits',
      },
    });
    const limited = await fake.waitFor((call) => call.method === 'chat.postMessage:429');
    const posted = await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000400.000100',
    );
    expect(posted.at - limited.at).toBeGreaterThanOrEqual(900);
  });

  it('gives the same datasets through Slack as through POST /api/chat for the same script', async () => {
    const script = 'image classification of handwritten digits';
    const chat = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'web-same',
        messages: [{ role: 'user', parts: [{ type: 'text', text: script }] }],
      }),
    });
    const stream = await chat.text();
    // The cards shown (not the further ones a web reply carries for "Show more").
    const cardsChunk = stream
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>)
      .find((chunk) => chunk.type === 'data-datasets') as
      { data: { datasets: { name: string }[] } } | undefined;
    const webNames = cardsChunk?.data.datasets.map((card) => card.name) ?? [];
    await event({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-same-1',
      event: {
        type: 'app_mention',
        user: 'U1',
        channel: 'C9',
        ts: '1700000500.000100',
        text: `<@UQUARRY> ${script}`,
      },
    });
    const reply = await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000500.000100',
    );
    const conversation = await store.conversations.get('slack:T1:C9:1700000500.000100');
    const slackReply = conversation?.messages[1]?.content as { datasets?: { name: string }[] };
    expect(slackReply.datasets?.map((card) => card.name)).toEqual(webNames);
    expect(webNames.length).toBeGreaterThan(0);
    for (const name of webNames) expect(blockText(reply)).toContain(String(name));
  });
});
