/**
 * @module The Slack benchmark: a real `quarry serve` with the Slack app pointed at a loopback fake
 * Slack Web API; signed `/quarry datasets …` commands and @mentions are sent one after another and
 * two times are measured for each — the acknowledgement (Slack needs it within 3 s; target p95 ≤
 * 100 ms) and the first threaded reply reaching the fake API (local agent; target p95 ≤ 1 s).
 */
import type { FakeSlackApi } from '@quarry/testing';
import type { TargetCheck } from '../load/benchmark-target.js';
import type { LatencySummary } from '../load/latency-summary.js';
import { summarizeLatencies } from '../load/latency-summary.js';

export interface SlackBenchmarkOptions {
  serverUrl: string;
  /** The `X-Slack-Signature` of a body sent at `timestamp` (the Slack app's own signer). */
  sign: (request: { timestamp: number; rawBody: string }) => string;
  fake: FakeSlackApi;
  /** The research requests sent, each as a command and as a mention, in turn. */
  requests: readonly string[];
  /** Requests sent in all (cycling through `requests`). */
  count: number;
  /** Longest wait for one reply. */
  replyTimeoutMs?: number;
}

export interface SlackBenchmarkReport {
  count: number;
  acknowledgementMs: LatencySummary;
  firstReplyMs: LatencySummary;
  /** Replies that did not arrive within the timeout. */
  missingReplies: number;
  targets: TargetCheck[];
}

/** Slack's 3 s leaves room; this is what a person notices. */
const acknowledgementP95TargetMs = 100;
const firstReplyP95TargetMs = 1_000;

export async function runSlackBenchmark(
  options: SlackBenchmarkOptions,
): Promise<SlackBenchmarkReport> {
  const acknowledgements: number[] = [];
  const replies: number[] = [];
  let missingReplies = 0;
  const send = async (rawBody: string, contentType: string) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const startedAt = performance.now();
    const response = await fetch(`${options.serverUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': options.sign({ timestamp, rawBody }),
      },
      body: rawBody,
    });
    await response.arrayBuffer();
    acknowledgements.push(performance.now() - startedAt);
    return response.status;
  };
  for (let position = 0; position < options.count; position += 1) {
    const request = options.requests[position % options.requests.length] ?? 'image classification';
    const channel = `CBENCH${position}`;
    const sentAt = Date.now();
    if (position % 2 === 0) {
      await send(
        new URLSearchParams({
          command: '/quarry',
          text: `datasets ${request}`,
          team_id: 'TBENCH',
          channel_id: channel,
          user_id: 'UBENCH',
          trigger_id: `bench-${position}`,
          response_url: options.fake.responseUrl(`bench-${position}`),
        }).toString(),
        'application/x-www-form-urlencoded',
      );
    } else {
      await send(
        JSON.stringify({
          type: 'event_callback',
          team_id: 'TBENCH',
          event_id: `EvBench${position}`,
          event: {
            type: 'app_mention',
            user: 'UBENCH',
            channel,
            ts: `${1_800_000_000 + position}.000100`,
            text: `<@UQUARRY> ${request}`,
          },
        }),
        'application/json',
      );
    }
    try {
      const reply = await options.fake.waitFor(
        (call) =>
          call.method === 'chat.postMessage' &&
          call.body.channel === channel &&
          call.body.thread_ts !== undefined,
        options.replyTimeoutMs ?? 10_000,
      );
      replies.push(reply.at - sentAt);
    } catch {
      missingReplies += 1;
    }
  }
  const acknowledgementMs = summarizeLatencies(acknowledgements);
  const firstReplyMs = summarizeLatencies(replies);
  return {
    count: options.count,
    acknowledgementMs,
    firstReplyMs,
    missingReplies,
    targets: [
      {
        name: 'acknowledgement p95',
        target: `<= ${acknowledgementP95TargetMs} ms`,
        measured: acknowledgementMs.p95,
        met: acknowledgementMs.p95 <= acknowledgementP95TargetMs,
      },
      {
        name: 'first threaded reply p95',
        target: `<= ${firstReplyP95TargetMs} ms`,
        measured: firstReplyMs.p95,
        met: firstReplyMs.p95 <= firstReplyP95TargetMs,
      },
      { name: 'replies missing', target: '0', measured: missingReplies, met: missingReplies === 0 },
    ],
  };
}
