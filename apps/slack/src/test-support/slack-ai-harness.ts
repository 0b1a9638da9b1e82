/**
 * @module The Slack AI-app test harness: a store with the starter catalog and one held paper, the
 * real agent on the shipped model, a loopback fake Slack Web API and a loopback arXiv, and two
 * Slack apps (arXiv offers as unfurls, and as thread replies) behind signed HTTP requests.
 * `slackAiHarness()` registers its start and stop with the calling suite; its fields are there
 * from the suite's first test on.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FrameIndex } from '@quarry/frames';
import { createArxivOnDemand } from '@quarry/ingest';
import type { Store } from '@quarry/store';
import { paperFrom, startFakeSlackApi, startLoopbackFixtureServer } from '@quarry/testing';
import type { FakeSlackApi, FixtureServer, RecordedCall } from '@quarry/testing';
import { Hono } from 'hono';
import { createSlackApp } from '../create-slack-app.js';
import type { QuarrySlackApp, SlackAppOptions } from '../create-slack-app.js';
import { starterStoreAndAgent } from './starter-agent.js';
import { listenOnLoopback, sharedSlackOptions, signedSlackHeaders } from './slack-test-server.js';

const signingSecret = 'slack-ai-signing-secret-for-tests';
const pullFixtures = resolve(import.meta.dirname, '../../../../packages/ingest/src/pull/fixtures');
export { publicUrl } from './slack-test-server.js';
export const streetScenes = 'semantic segmentation of street scenes for self-driving cars';

export interface Json {
  [key: string]: unknown;
}

/** The arXiv API (Atom, filtered to `id_list`) and PDFs, from the pull tests' recorded fixtures. */
function serveArxivFixtures(server: FixtureServer): void {
  const feed = readFileSync(join(pullFixtures, 'arxiv-feed.xml'), 'utf8');
  const head = feed.slice(0, feed.indexOf('<entry>'));
  const entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((match) => match[0]);
  server.route('/api/query', (_request, url, response) => {
    const wanted = (url.searchParams.get('id_list') ?? '').split(',').filter(Boolean);
    const chosen = entries.filter((entry) =>
      wanted.some((id) => entry.includes(`<id>http://arxiv.org/abs/${id.replace(/v\d+$/, '')}v`)),
    );
    response.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
    response.end(`${head}${chosen.join('\n')}\n</feed>\n`);
  });
  for (const name of ['0000.00021v2', '0000.00022v1']) {
    const bytes = readFileSync(join(pullFixtures, `arxiv-${name}.pdf`));
    server.route(`/pdf/${name}`, (_request, _url, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(bytes);
    });
  }
}

export function text(call: RecordedCall): string {
  return JSON.stringify(call.body);
}

export function slackAiHarness() {
  let store: Store;
  let index: FrameIndex | null = null;
  let fake: FakeSlackApi;
  let arxiv: FixtureServer;
  let pullFolder: string;
  let slack: QuarrySlackApp;
  /** The same server with arXiv offers as thread replies (no unfurl domain). */
  let threadSlack: QuarrySlackApp;
  let server: ServerType;
  let url: string;
  const indexed: string[] = [];
  const clock = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    let agent: Awaited<ReturnType<typeof starterStoreAndAgent>>['agent'];
    // A paper held already, under the id `quarry pull arxiv` stores it with.
    ({ store, index, agent } = await starterStoreAndAgent([
      paperFrom({
        id: 'arxiv-0000.00022',
        title: 'Held Paper About Harbour Tides',
        year: 2020,
        sections: [{ title: 'Method', sentences: ['We measure tides in twelve harbours.'] }],
      }),
    ]));
    fake = await startFakeSlackApi();
    arxiv = await startLoopbackFixtureServer();
    serveArxivFixtures(arxiv);
    pullFolder = await mkdtemp(join(tmpdir(), 'quarry-slack-arxiv-'));
    const library = createArxivOnDemand({
      store,
      folder: pullFolder,
      database: 'memory://',
      http: { minIntervalMs: 0, maxRetries: 1, maxRetryWaitMs: 1000, requestTimeoutMs: 10_000 },
      userAgent: 'quarry-test',
      apiUrl: `${arxiv.url}/api/query`,
      pdfUrl: `${arxiv.url}/pdf`,
      batchSize: 1,
      maxPdfBytes: 1_000_000,
      afterStored: (paperId) => {
        indexed.push(paperId);
        return Promise.resolve();
      },
    });
    const options: SlackAppOptions = {
      ...sharedSlackOptions({
        signingSecret,
        apiUrl: fake.apiUrl,
        agent,
        store,
        index: () => index,
        clock,
      }),
      arxiv: library,
      maxArxivLinksPerMessage: 2,
    };
    slack = createSlackApp(options);
    await slack.start();
    threadSlack = createSlackApp({ ...options, arxivOffers: 'thread' });
    await threadSlack.start();
    const app = new Hono();
    app.route('/', slack.routes!);
    ({ server, url } = await listenOnLoopback(app.fetch));
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolveClosed) => server.close(resolveClosed));
    await slack.stop();
    await threadSlack.stop();
    await fake.close();
    await arxiv.close();
    await store.close();
    await rm(pullFolder, { recursive: true, force: true });
  });

  const signedHeaders = (raw: string, contentType: string) =>
    signedSlackHeaders({ signingSecret, timestamp: clock, rawBody: raw, contentType });
  let eventCount = 0;
  const event = async (inner: Json, target: 'http' | 'thread-mode' = 'http') => {
    eventCount += 1;
    const raw = JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      event_id: `Ev-ai-${eventCount}`,
      event: inner,
    });
    const init = { method: 'POST', headers: signedHeaders(raw, 'application/json'), body: raw };
    const response =
      target === 'http'
        ? await fetch(`${url}/slack/events`, init)
        : await threadSlack.routes!.request('/slack/events', init);
    expect(response.status).toBe(200);
  };
  const click = async (payload: Json, target: 'http' | 'thread-mode' = 'http') => {
    const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const init = {
      method: 'POST',
      headers: signedHeaders(raw, 'application/x-www-form-urlencoded'),
      body: raw,
    };
    const response =
      target === 'http'
        ? await fetch(`${url}/slack/events`, init)
        : await threadSlack.routes!.request('/slack/events', init);
    expect(response.status).toBe(200);
  };

  return {
    get store() {
      return store;
    },
    get fake() {
      return fake;
    },
    get arxiv() {
      return arxiv;
    },
    get url() {
      return url;
    },
    get eventCount() {
      return eventCount;
    },
    indexed,
    clock,
    signedHeaders,
    event,
    click,
  };
}

export type SlackAiHarness = ReturnType<typeof slackAiHarness>;
