/**
 * `quarry serve` with the Slack app configured as the README says (two variables, plus the API URL
 * of a loopback fake Slack): a signed `/quarry datasets …` on the server's own port is acknowledged
 * and answered in a thread naming Cityscapes; an unsigned one is refused. In the assistant panel the
 * served catalog (the shipped one) answers the same request after a status; an arXiv link's
 * "Add it" pulls the paper from a loopback arXiv into the served database.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '@quarry/slack';
import { startFakeSlackApi, startLoopbackFixtureServer } from '@quarry/testing';
import type { FakeSlackApi, FixtureServer } from '@quarry/testing';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

const signingSecret = 'cli-slack-signing-secret';
const pullFixtures = resolve(import.meta.dirname, '../../../packages/ingest/src/pull/fixtures');

/** arXiv's API and PDFs for 0000.00021, from the pull tests' recorded fixtures. */
function serveArxiv(server: FixtureServer): void {
  const feed = readFileSync(join(pullFixtures, 'arxiv-feed.xml'), 'utf8');
  const head = feed.slice(0, feed.indexOf('<entry>'));
  const entry = /<entry>\s*<id>http:\/\/arxiv\.org\/abs\/0000\.00021v[\s\S]*?<\/entry>/.exec(
    feed,
  )?.[0];
  server.route('/api/query', (_request, _url, response) => {
    response.writeHead(200, { 'content-type': 'application/atom+xml' });
    response.end(`${head}${entry ?? ''}\n</feed>\n`);
  });
  const pdf = readFileSync(join(pullFixtures, 'arxiv-0000.00021v2.pdf'));
  server.route('/pdf/0000.00021v2', (_request, _url, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end(pdf);
  });
}

describe('quarry serve with Slack', () => {
  let fake: FakeSlackApi;
  let arxiv: FixtureServer;
  let pullFolder: string;
  let server: ServeProcess;
  let url = '';

  beforeAll(async () => {
    fake = await startFakeSlackApi();
    arxiv = await startLoopbackFixtureServer();
    serveArxiv(arxiv);
    pullFolder = await mkdtemp(join(tmpdir(), 'quarry-serve-slack-pull-'));
    server = await startServeProcess({
      environment: {
        QUARRY_API_TOKEN: 'serve-slack-token-0123456789',
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_BOT_TOKEN: 'xoxb-serve-test',
        SLACK_API_URL: fake.apiUrl,
        QUARRY_PUBLIC_URL: 'https://quarry.example.org',
        QUARRY_PULL_FOLDER: pullFolder,
        QUARRY_ARXIV_API_URL: `${arxiv.url}/api/query`,
        QUARRY_ARXIV_PDF_URL: `${arxiv.url}/pdf`,
        QUARRY_ARXIV_INTERVAL_MS: '0',
      },
      readyWhen: 'Slack app answering',
    });
    url = server.url;
  }, 240_000);

  afterAll(async () => {
    await server.stop();
    await fake.close();
    await arxiv.close();
    await rm(pullFolder, { recursive: true, force: true });
  });

  const send = (
    rawBody: string,
    signed: boolean,
    contentType = 'application/x-www-form-urlencoded',
  ) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return fetch(`${url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signed
          ? signSlackRequest({ signingSecret, timestamp, rawBody })
          : 'v0=forged',
      },
      body: rawBody,
    });
  };

  it('answers a signed /quarry datasets command in a thread and refuses an unsigned one', async () => {
    expect(fake.calls.some((call) => call.method === 'auth.test')).toBe(true);
    const command = new URLSearchParams({
      command: '/quarry',
      text: 'datasets I want to do semantic segmentation of street scenes for self-driving cars',
      team_id: 'T1',
      channel_id: 'C1',
      user_id: 'U1',
      trigger_id: 'serve-trigger-1',
      response_url: fake.responseUrl('serve-1'),
    }).toString();
    expect((await send(command, false)).status).toBe(401);
    const startedAt = performance.now();
    const response = await send(command, true);
    expect(response.status).toBe(200);
    // Slack's own deadline, not a speed target: an unacknowledged request after 3 s is retried.
    expect(performance.now() - startedAt).toBeLessThan(3_000);
    const reply = await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts !== undefined,
      30_000,
    );
    expect(JSON.stringify(reply.body.blocks)).toContain('Cityscapes');
    expect(JSON.stringify(reply.body.blocks)).toContain('https://quarry.example.org/datasets/');
    expect(server.stderr()).not.toContain('xoxb-serve-test');
    expect(server.stderr()).not.toContain(signingSecret);
  });

  it('answers in the assistant panel from the served catalog, and adds an arXiv paper from its link', async () => {
    const event = (id: string, inner: Record<string, unknown>) =>
      send(
        JSON.stringify({ type: 'event_callback', team_id: 'T1', event_id: id, event: inner }),
        true,
        'application/json',
      );
    expect(
      (
        await event('Ev-serve-assistant-1', {
          type: 'message',
          channel: 'DPANEL',
          channel_type: 'im',
          user: 'U1',
          text: 'semantic segmentation of street scenes for self-driving cars',
          ts: '1700010001.000100',
          thread_ts: '1700010000.000100',
        })
      ).status,
    ).toBe(200);
    const reply = await fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700010000.000100',
      30_000,
    );
    expect(JSON.stringify(reply.body.blocks)).toContain('Cityscapes');
    const status = fake.calls.findIndex(
      (call) => call.method === 'assistant.threads.setStatus' && call.body.channel_id === 'DPANEL',
    );
    expect(status).toBeGreaterThanOrEqual(0);
    expect(status).toBeLessThan(fake.calls.indexOf(reply));

    const link = 'https://arxiv.org/abs/0000.00021';
    await event('Ev-serve-link-1', {
      type: 'link_shared',
      channel: 'C9',
      user: 'U1',
      message_ts: '1700010100.000100',
      source: 'conversations_history',
      links: [{ domain: 'arxiv.org', url: link }],
    });
    const offer = await fake.waitFor((call) => call.method === 'chat.unfurl', 30_000);
    const blocks = (offer.body.unfurls as Record<string, { blocks: Record<string, unknown>[] }>)[
      link
    ]?.blocks;
    const button = (
      blocks?.find((block) => block.type === 'actions') as {
        elements: { action_id: string; value: string }[];
      }
    ).elements[0];
    expect(JSON.stringify(blocks)).toContain('not yet');
    const payload = {
      type: 'block_actions',
      team: { id: 'T1', domain: 'quarry' },
      user: { id: 'U1', username: 'u1' },
      trigger_id: 'serve-add-1',
      container: {
        type: 'message_attachment',
        message_ts: '1700010100.000100',
        channel_id: 'C9',
        is_app_unfurl: true,
      },
      channel: { id: 'C9', name: 'papers' },
      actions: [{ type: 'button', ...button, action_ts: '1700010101.000100' }],
    };
    await send(new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), true);
    const added = await fake.waitFor(
      (call) => call.method === 'chat.unfurl' && JSON.stringify(call.body).includes('added arXiv'),
      60_000,
    );
    expect(JSON.stringify(added.body)).toContain(
      'https://quarry.example.org/papers/arxiv-0000.00021',
    );
    const paper = await fetch(`${url}/api/papers/arxiv-0000.00021`);
    expect(paper.status).toBe(200);
    expect(JSON.stringify(await paper.json())).toContain('Tide Forecasting with Tiny Networks');
  }, 120_000);
});
