/**
 * Slack the way AI apps work now, against a loopback fake Slack Web API through real signed HTTP
 * requests to Quarry's /slack/events: the assistant side panel (suggested prompts; a status, a
 * title, then the threaded answer from the same agent and stored conversation as mentions) and the
 * App Home (capabilities and the user's recent threads). arXiv links: slack-ai-arxiv.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assistantPrompts, assistantWorkingStatus } from './assistant-panel.js';
import { publicUrl, slackAiHarness, streetScenes, text } from './test-support/slack-ai-harness.js';

describe('Slack as an AI app', () => {
  const h = slackAiHarness();

  it('offers suggested prompts when an assistant thread starts', async () => {
    await h.event({
      type: 'assistant_thread_started',
      assistant_thread: {
        user_id: 'U1',
        context: { channel_id: 'C-viewed', team_id: 'T1' },
        channel_id: 'DASSIST',
        thread_ts: '1700001000.000100',
      },
      event_ts: '1700001000.000200',
    });
    const prompts = await h.fake.waitFor(
      (call) => call.method === 'assistant.threads.setSuggestedPrompts',
    );
    expect(prompts.body.channel_id).toBe('DASSIST');
    expect(prompts.body.thread_ts).toBe('1700001000.000100');
    const titles = (prompts.body.prompts as { title: string }[]).map((prompt) => prompt.title);
    expect(titles).toEqual(assistantPrompts.map((prompt) => prompt.title));
    expect(titles).toContain('Find datasets for…');
    expect(titles).toContain('Ask my papers…');
    // A context change is taken without a call to Slack (Quarry keeps no thread context).
    const before = h.fake.calls.length;
    await h.event({
      type: 'assistant_thread_context_changed',
      assistant_thread: {
        user_id: 'U1',
        context: { channel_id: 'C-other', team_id: 'T1' },
        channel_id: 'DASSIST',
        thread_ts: '1700001000.000100',
      },
      event_ts: '1700001000.000300',
    });
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(h.fake.calls.length).toBe(before);
  });

  it('answers in the assistant thread: a status, a title, then the reply naming Cityscapes', async () => {
    await h.event({
      type: 'message',
      channel: 'DASSIST',
      channel_type: 'im',
      user: 'U1',
      text: streetScenes,
      ts: '1700001001.000100',
      thread_ts: '1700001000.000100',
      event_ts: '1700001001.000100',
    });
    const reply = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.channel === 'DASSIST' &&
        call.body.thread_ts === '1700001000.000100',
      30_000,
    );
    expect(JSON.stringify(reply.body.blocks)).toContain('Cityscapes');
    const status = h.fake.calls.find((call) => call.method === 'assistant.threads.setStatus');
    expect(status?.body).toMatchObject({
      channel_id: 'DASSIST',
      thread_ts: '1700001000.000100',
      status: assistantWorkingStatus,
    });
    const title = h.fake.calls.find((call) => call.method === 'assistant.threads.setTitle');
    expect(title?.body.title).toBe(streetScenes);
    // The status came first, then the title, then the answer.
    expect(h.fake.calls.indexOf(status!)).toBeLessThan(h.fake.calls.indexOf(title!));
    expect(h.fake.calls.indexOf(title!)).toBeLessThan(h.fake.calls.indexOf(reply));
    // The same stored conversation as a mention or a direct message in that thread.
    const conversation = await h.store.conversations.get('slack:T1:DASSIST:1700001000.000100');
    expect(conversation?.owner).toBe('slack:T1:DASSIST');
    expect(conversation?.messages).toHaveLength(2);

    // A follow-up continues the conversation and keeps the title.
    await h.event({
      type: 'message',
      channel: 'DASSIST',
      channel_type: 'im',
      user: 'U1',
      text: 'only ones released after 2015',
      ts: '1700001002.000100',
      thread_ts: '1700001000.000100',
      event_ts: '1700001002.000100',
    });
    await h.fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.body.thread_ts === '1700001000.000100' &&
        call !== reply,
      30_000,
    );
    expect(
      (await h.store.conversations.get('slack:T1:DASSIST:1700001000.000100'))?.messages,
    ).toHaveLength(4);
    expect(
      h.fake.calls.filter((call) => call.method === 'assistant.threads.setTitle'),
    ).toHaveLength(1);
  });

  it('publishes the App Home with what Quarry does and the user’s recent threads', async () => {
    await h.event({
      type: 'app_home_opened',
      user: 'U1',
      channel: 'DASSIST',
      tab: 'home',
      event_ts: '1700001100.1',
    });
    const published = await h.fake.waitFor((call) => call.method === 'views.publish');
    expect(published.body.user_id).toBe('U1');
    const view = published.body.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    const home = JSON.stringify(view.blocks);
    for (const capability of [
      'Recommend datasets',
      'Ask your papers',
      'Find in a paper',
      '/quarry ask',
      '/quarry find',
    ])
      expect(home).toContain(capability);
    // The assistant thread, titled by its request, linked to Slack and to the web app.
    expect(home).toContain(streetScenes);
    expect(home).toContain('https://fake-slack.test/archives/DASSIST/p1700001000000100');
    expect(home).toContain(`${publicUrl}/?c=`);
    // Another user's home lists none of U1's threads.
    await h.event({
      type: 'app_home_opened',
      user: 'U2',
      channel: 'DOTHER',
      tab: 'home',
      event_ts: '1700001100.2',
    });
    const other = await h.fake.waitFor(
      (call) => call.method === 'views.publish' && call.body.user_id === 'U2',
    );
    expect(text(other)).not.toContain(streetScenes);
    expect(text(other)).toContain('None yet');
  });

  it('still answers a direct-message thread when Slack refuses the status and the title', async () => {
    h.fake.refuseMethod('assistant.threads.setStatus', 'invalid_thread_ts');
    h.fake.refuseMethod('assistant.threads.setTitle', 'invalid_thread_ts');
    await h.event({
      type: 'message',
      channel: 'DOLD',
      channel_type: 'im',
      user: 'U4',
      text: 'image classification of handwritten digits',
      ts: '1700005001.000100',
      thread_ts: '1700005000.000100',
      event_ts: '1700005001.000100',
    });
    const reply = await h.fake.waitFor(
      (call) => call.method === 'chat.postMessage' && call.body.thread_ts === '1700005000.000100',
      30_000,
    );
    expect(text(reply)).not.toContain('Sorry');
    expect(text(reply)).toContain('MNIST');
    expect(
      h.fake.calls.some(
        (call) => call.method === 'assistant.threads.setStatus' && call.body.channel_id === 'DOLD',
      ),
    ).toBe(true);
  });
});
