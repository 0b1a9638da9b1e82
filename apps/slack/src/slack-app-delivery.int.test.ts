/**
 * The Slack app's deliveries against a loopback fake Slack Web API, through real signed HTTP
 * requests to a running Quarry server: one reply per event however often Slack delivers it (and to
 * whichever server process), bad signatures and stale timestamps refused, a 429 waited out, and the
 * same datasets as POST /api/chat.
 */
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from './slack-signature.js';
import { blockText, signingSecret, slackAppHarness } from './test-support/slack-app-harness.js';

describe('the Slack app: deliveries', () => {
  const h = slackAppHarness();

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
    expect((await h.event(mention)).status).toBe(200);
    // The retry goes to the other process, which shares only the database with the first.
    const raw = JSON.stringify(mention);
    const retried = await h.secondSlack.routes!.request('/slack/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(h.clock),
        'x-slack-signature': signSlackRequest({ signingSecret, timestamp: h.clock, rawBody: raw }),
        'x-slack-retry-num': '1',
        'x-slack-retry-reason': 'http_timeout',
      },
      body: raw,
    });
    expect(retried.status).toBe(200);
    await h.fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000250.000100',
    );
    await new Promise((resolveLater) => setTimeout(resolveLater, 500));
    expect(h.threadReplies('1700000250.000100')).toHaveLength(1);
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
      const response = await h.event(
        mention,
        retry ? { 'x-slack-retry-num': retry, 'x-slack-retry-reason': 'http_timeout' } : {},
      );
      expect(response.status).toBe(200);
    }
    await h.fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000200.000100',
    );
    await new Promise((resolveLater) => setTimeout(resolveLater, 500));
    expect(h.threadReplies('1700000200.000100')).toHaveLength(1);

    const before = h.fake.calls.length;
    await h.event({
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
    expect(h.fake.calls.length).toBe(before);
  });

  it('refuses a bad signature and a stale timestamp with 401 and no call to Slack', async () => {
    const before = h.fake.calls.length;
    const raw = JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'Ev-forged',
      event: { type: 'app_mention', channel: 'C7', ts: '1.1', text: 'hi' },
    });
    const forged = await h.post(raw, { contentType: 'application/json', signature: 'v0=deadbeef' });
    expect(forged.status).toBe(401);
    const stale = await h.post(raw, {
      contentType: 'application/json',
      timestamp: h.clock - 10 * 60,
    });
    expect(stale.status).toBe(401);
    const unsigned = await fetch(`${h.url}/slack/events`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(h.fake.calls.length).toBe(before);
  });

  it('waits out a 429 from Slack and still posts the reply', async () => {
    h.fake.rateLimitNextPost(1);
    await h.event({
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
    const limited = await h.fake.waitFor((call) => call.method === 'chat.postMessage:429');
    const posted = await h.fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000400.000100',
    );
    expect(posted.at - limited.at).toBeGreaterThanOrEqual(900);
  });

  it('gives the same datasets through Slack as through POST /api/chat for the same script', async () => {
    const script = 'image classification of handwritten digits';
    const chat = await fetch(`${h.url}/api/chat`, {
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
    await h.event({
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
    const reply = await h.fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700000500.000100',
    );
    const conversation = await h.store.conversations.get('slack:T1:C9:1700000500.000100');
    const slackReply = conversation?.messages[1]?.content as { datasets?: { name: string }[] };
    expect(slackReply.datasets?.map((card) => card.name)).toEqual(webNames);
    expect(webNames.length).toBeGreaterThan(0);
    for (const name of webNames) expect(blockText(reply)).toContain(String(name));
  });
});
