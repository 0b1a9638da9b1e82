/**
 * arXiv links in Slack, against a loopback fake Slack Web API and a loopback arXiv through real
 * signed HTTP requests: an unfurled offer whose signed "Add it" click pulls the paper into the
 * store, and the thread-reply way for installs without the unfurl domain.
 */
import { describe, expect, it } from 'vitest';
import { publicUrl, slackAiHarness, text } from './test-support/slack-ai-harness.js';
import type { Json } from './test-support/slack-ai-harness.js';

describe('Slack as an AI app: arXiv links', () => {
  const h = slackAiHarness();

  it('unfurls arXiv links with an offer, and "Add it" pulls the paper into the store', async () => {
    const links = [
      'https://arxiv.org/abs/0000.00021v2',
      'https://arxiv.org/pdf/0000.00022v1',
      'https://arxiv.org/abs/0000.00023',
    ];
    const shared = {
      type: 'link_shared',
      channel: 'C50',
      is_bot_user_member: false,
      user: 'U2',
      message_ts: '1700002000.000100',
      unfurl_id: 'C50.1700002000.000100.abc',
      source: 'conversations_history',
      links: [
        { domain: 'example.org', url: 'https://example.org/x' },
        ...links.map((link) => ({ domain: 'arxiv.org', url: link })),
      ],
      event_ts: '1700002000.000200',
    };
    await h.event(shared);
    const unfurl = await h.fake.waitFor((call) => call.method === 'chat.unfurl');
    expect(unfurl.body).toMatchObject({ channel: 'C50', ts: '1700002000.000100' });
    const unfurls = unfurl.body.unfurls as Record<string, { blocks: Json[] }>;
    // At most two links of a message (the setting), the first two arXiv papers.
    expect(Object.keys(unfurls)).toEqual(links.slice(0, 2));
    const notYet = JSON.stringify(unfurls[links[0]!]);
    expect(notYet).toContain('not yet');
    expect(notYet).toContain('Add it');
    const held = JSON.stringify(unfurls[links[1]!]);
    expect(held).toContain('Held Paper About Harbour Tides');
    expect(held).toContain('Ask this paper');
    expect(held).toContain(`${publicUrl}/papers/arxiv-0000.00022`);
    expect(await h.store.papers.get('arxiv-0000.00021')).toBeNull();

    const button = (
      unfurls[links[0]!]!.blocks.find((block) => block.type === 'actions') as {
        elements: Json[];
      }
    ).elements[0]!;
    await h.click({
      type: 'block_actions',
      team: { id: 'T1', domain: 'quarry-test' },
      user: { id: 'U3', username: 'reader' },
      trigger_id: 'add-click-1',
      api_app_id: 'AQUARRY',
      token: 'unused',
      container: {
        type: 'message_attachment',
        message_ts: '1700002000.000100',
        attachment_id: 1,
        channel_id: 'C50',
        is_ephemeral: false,
        is_app_unfurl: true,
        app_unfurl_url: links[0],
      },
      channel: { id: 'C50', name: 'papers' },
      response_url: h.fake.responseUrl('add-click-1'),
      actions: [
        {
          type: 'button',
          action_id: button.action_id,
          block_id: 'quarry_arxiv_0000.00021',
          value: button.value,
          action_ts: '1700002001.000100',
        },
      ],
    });
    const added = await h.fake.waitFor(
      (call) => call.method === 'chat.unfurl' && text(call).includes('added arXiv'),
      30_000,
    );
    expect(
      h.fake.calls.some(
        (call) => call.method === 'chat.unfurl' && text(call).includes('Adding arXiv:0000.00021'),
      ),
    ).toBe(true);
    expect(Object.keys(added.body.unfurls as Json)).toEqual([links[0]]);
    expect(text(added)).toContain('Tide Forecasting with Tiny Networks');
    expect(text(added)).toContain(`${publicUrl}/papers/arxiv-0000.00021`);
    expect(text(added)).toContain('<@U3>');
    const paper = await h.store.papers.get('arxiv-0000.00021');
    expect(paper?.title).toContain('Tide Forecasting with Tiny Networks');
    expect(paper?.extra.arxivId).toBe('0000.00021');
    expect(h.indexed).toEqual(['arxiv-0000.00021']);
    expect(h.arxiv.requestsTo('/pdf/0000.00021v2')).toHaveLength(1);

    // The same event delivered again is not unfurled again.
    const unfurlsBefore = h.fake.calls.filter((call) => call.method === 'chat.unfurl').length;
    const raw = JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      event_id: `Ev-ai-${h.eventCount}`,
      event: shared,
    });
    await fetch(`${h.url}/slack/events`, {
      method: 'POST',
      headers: { ...h.signedHeaders(raw, 'application/json'), 'x-slack-retry-num': '1' },
      body: raw,
    });
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(h.fake.calls.filter((call) => call.method === 'chat.unfurl')).toHaveLength(
      unfurlsBefore,
    );
  });

  it('replies in the thread with offers when set to, and says when a paper cannot be added', async () => {
    await h.event(
      {
        type: 'message',
        channel: 'C60',
        channel_type: 'channel',
        user: 'U2',
        text: 'Worth a read: <https://arxiv.org/abs/0000.00021|arxiv.org/abs/0000.00021> and <https://arxiv.org/abs/0000.00099>',
        ts: '1700003000.000100',
        event_ts: '1700003000.000100',
      },
      'thread-mode',
    );
    const offers = async () => {
      await h.fake.waitFor(
        (call) =>
          call.method === 'chat.postMessage' &&
          call.body.channel === 'C60' &&
          text(call).includes('0000.00099'),
      );
      return h.fake.calls.filter(
        (call) => call.method === 'chat.postMessage' && call.body.channel === 'C60',
      );
    };
    const [inQuarry, notYet] = await offers();
    expect(inQuarry?.body.thread_ts).toBe('1700003000.000100');
    expect(text(inQuarry!)).toContain('Tide Forecasting with Tiny Networks');
    expect(text(inQuarry!)).toContain('Ask this paper');
    expect(text(notYet!)).toContain('not yet');
    const blocks = notYet!.body.blocks as Json[];
    const button = (blocks.find((block) => block.type === 'actions') as { elements: Json[] })
      .elements[0]!;
    await h.click(
      {
        type: 'block_actions',
        team: { id: 'T1', domain: 'quarry-test' },
        user: { id: 'U2', username: 'poster' },
        trigger_id: 'add-click-2',
        api_app_id: 'AQUARRY',
        token: 'unused',
        container: {
          type: 'message',
          message_ts: '1700000500.000100',
          channel_id: 'C60',
          is_ephemeral: false,
        },
        channel: { id: 'C60', name: 'papers' },
        message: {
          type: 'message',
          ts: '1700000500.000100',
          thread_ts: '1700003000.000100',
          text: 'offer',
        },
        response_url: h.fake.responseUrl('add-click-2'),
        actions: [
          {
            type: 'button',
            action_id: button.action_id,
            block_id: 'quarry_arxiv_0000.00099',
            value: button.value,
            action_ts: '1700003001.000100',
          },
        ],
      },
      'thread-mode',
    );
    const failed = await h.fake.waitFor(
      (call) =>
        call.method === 'chat.update' && text(call).includes('Could not add arXiv:0000.00099'),
      30_000,
    );
    expect(failed.body).toMatchObject({ channel: 'C60', ts: '1700000500.000100' });
    expect(text(failed)).toContain('no metadata');
    expect(text(failed)).toContain('Try again');
    expect(await h.store.papers.get('arxiv-0000.00099')).toBeNull();
    // The thread-mode app leaves link_shared alone; the unfurl-mode app leaves channel messages alone.
    const before = h.fake.calls.length;
    await h.event(
      {
        type: 'link_shared',
        channel: 'C61',
        user: 'U2',
        message_ts: '1700004000.1',
        links: [{ domain: 'arxiv.org', url: 'https://arxiv.org/abs/0000.00021' }],
        event_ts: '1700004000.2',
      },
      'thread-mode',
    );
    await h.event({
      type: 'message',
      channel: 'C61',
      channel_type: 'channel',
      user: 'U2',
      text: '<https://arxiv.org/abs/0000.00021>',
      ts: '1700004001.000100',
      event_ts: '1700004001.000100',
    });
    await new Promise((resolveLater) => setTimeout(resolveLater, 300));
    expect(h.fake.calls.length).toBe(before);
  });

  // Last: the fake refuses the assistant methods from here on.
});
