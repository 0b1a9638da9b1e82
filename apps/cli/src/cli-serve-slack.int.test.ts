/**
 * `quarry serve` with the Slack app configured as the README says (two variables, plus the API URL
 * of a loopback fake Slack): a signed `/quarry datasets …` on the server's own port is acknowledged
 * and answered in a thread naming Cityscapes; an unsigned one is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '@quarry/slack';
import { startFakeSlackApi } from '@quarry/testing';
import type { FakeSlackApi } from '@quarry/testing';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

const signingSecret = 'cli-slack-signing-secret';

describe('quarry serve with Slack', () => {
  let fake: FakeSlackApi;
  let server: ServeProcess;
  let url = '';

  beforeAll(async () => {
    fake = await startFakeSlackApi();
    server = await startServeProcess({
      environment: {
        QUARRY_API_TOKEN: 'serve-slack-token-0123456789',
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_BOT_TOKEN: 'xoxb-serve-test',
        SLACK_API_URL: fake.apiUrl,
        QUARRY_PUBLIC_URL: 'https://quarry.example.org',
      },
      readyWhen: 'Slack app answering',
    });
    url = server.url;
  }, 240_000);

  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  const send = (rawBody: string, signed: boolean) => {
    const timestamp = Math.floor(Date.now() / 1000);
    return fetch(`${url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
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
});
