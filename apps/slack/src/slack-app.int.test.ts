/**
 * The Slack app's commands against a loopback fake Slack Web API, through real signed HTTP requests
 * to a running Quarry server: /quarry datasets, the clarifying buttons, /quarry ask and find, help
 * and --private. Deliveries, retries and signatures: slack-app-delivery.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  blockText,
  publicUrl,
  quotedSentences,
  slackAppHarness,
  storedSentences,
} from './test-support/slack-app-harness.js';
import type { Json } from './test-support/slack-app-harness.js';
import type { RecordedCall } from '@quarry/testing';

describe('the Slack app', () => {
  const h = slackAppHarness();

  it('answers /quarry datasets in a thread, acknowledged at once, naming Cityscapes', async () => {
    const startedAt = performance.now();
    const response = await h.command(
      'datasets I want to do semantic segmentation of street scenes for self-driving cars',
    );
    const ackMs = performance.now() - startedAt;
    expect(response.status).toBe(200);
    // Slack's own deadline, not a speed target: an unacknowledged request after 3 s is retried.
    expect(ackMs).toBeLessThan(3_000);
    const parent = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        String(call.body.text).includes('semantic segmentation of street'),
    );
    expect(String(parent.body.text)).toContain('<@U1>');
    const parentTs = String(
      (
        await h.fake.waitFor(
          (call) => call.method === 'chat.postMessage' && call.body.thread_ts !== undefined,
        )
      ).body.thread_ts,
    );
    const reply = h.threadReplies(parentTs)[0];
    expect(reply).toBeDefined();
    expect(blockText(reply as RecordedCall)).toContain('Cityscapes');
    // The dataset links to its page in the web app.
    expect(blockText(reply as RecordedCall)).toContain(`${publicUrl}/datasets/`);
  });

  it('asks with buttons when the task is open, and a click continues the thread with datasets', async () => {
    await h.command('datasets I need some data for my project', 'C2');
    const question = await h.fake.waitFor(
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
      response_url: h.fake.responseUrl('click-1'),
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
    const click = await h.post(
      new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
      {
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(click.status).toBe(200);
    await h.fake.waitFor((call) => call.method === 'chat.update' && call.body.channel === 'C2');
    const continued = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' && call.body.thread_ts === threadTs && call !== question,
    );
    expect(JSON.stringify(continued.body.blocks)).toMatch(/section/);
    const conversation = await h.store.conversations.get(`slack:T1:C2:${threadTs}`);
    expect(conversation?.messages.length).toBe(4);
  });

  it('/quarry ask and /quarry find quote sentences that exist in the index, with reader links', async () => {
    await h.command('ask what learning rate is used for segmentation?', 'C3');
    const asked = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C3' &&
        call.body.thread_ts !== undefined,
    );
    const quotes = quotedSentences(asked);
    expect(quotes.length).toBeGreaterThan(0);
    for (const quoted of quotes) expect(storedSentences.has(quoted)).toBe(true);
    expect(JSON.stringify(asked.body.blocks)).toContain(`${publicUrl}/papers/`);

    await h.command('find optimizers :: which optimizer converges faster?', 'C4');
    const found = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C4' &&
        call.body.thread_ts !== undefined,
    );
    expect(blockText(found)).toContain('Adam converges faster');
    expect(blockText(found)).toContain('optimizer-study');

    await h.command('ask which telescope photographed the comet tail?', 'C31');
    const unanswered = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'C31' &&
        call.body.thread_ts !== undefined,
    );
    expect(blockText(unanswered)).toContain('No sentence clearly answers');
  });

  it('answers help and malformed commands with usage, privately, in the acknowledgement', async () => {
    for (const text of ['', 'help', 'find no separator here', 'frobnicate']) {
      const response = await h.command(text);
      const body = (await response.json()) as Json;
      expect(body.response_type).toBe('ephemeral');
      expect(String(body.text)).toContain('/quarry datasets');
    }
  });

  it('answers --private through the response URL only', async () => {
    const before = h.fake.calls.filter((call) => call.method === 'chat.postMessage').length;
    await h.command('ask --private what batch size is used?', 'C5');
    const privately = await h.fake.waitFor(
      (call) => call.method.startsWith('response:') && call.body.response_type === 'ephemeral',
    );
    expect(blockText(privately)).toContain('batch size of 1');
    expect(h.fake.calls.filter((call) => call.method === 'chat.postMessage').length).toBe(before);
  });
});
