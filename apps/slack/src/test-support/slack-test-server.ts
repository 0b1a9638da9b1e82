/**
 * @module What both Slack harnesses give a Slack app and how they reach it: the options every
 * test app shares (signing secret, bot token, the fake Slack API, the starter agent, the store's
 * conversations, answer search over the frame index, a fixed clock), a loopback server on an
 * ephemeral port, and the headers of a request signed as Slack signs it.
 */
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { DatasetAgent } from '@quarry/agent';
import { memoryAnswerSearch } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import type { Store } from '@quarry/store';
import type { SlackAppOptions } from '../create-slack-app.js';
import { createFrameSlackSearch } from '../frame-slack-search.js';
import { signSlackRequest } from '../slack-signature.js';

export const publicUrl = 'https://quarry.example.org';

export function sharedSlackOptions(options: {
  signingSecret: string;
  apiUrl: string;
  agent: DatasetAgent;
  store: Store;
  index: () => FrameIndex | null;
  clock: number;
}): SlackAppOptions {
  const { store, index } = options;
  return {
    signingSecret: options.signingSecret,
    botToken: 'xoxb-test-token',
    apiUrl: options.apiUrl,
    publicUrl,
    agent: options.agent,
    conversations: store.conversations,
    search: createFrameSlackSearch(() => {
      const current = index();
      return current && memoryAnswerSearch(current, store);
    }),
    maxConversationMessages: 100,
    log: () => undefined,
    nowSeconds: () => options.clock,
  };
}

/** `fetch` served on 127.0.0.1 at an ephemeral port, once it listens. */
export async function listenOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; url: string }> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolveListening) => server.once('listening', resolveListening));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The headers Slack sends with `rawBody`, signed with `signingSecret` at `timestamp`. */
export function signedSlackHeaders(options: {
  signingSecret: string;
  timestamp: number;
  rawBody: string;
  contentType: string;
}): Record<string, string> {
  return {
    'content-type': options.contentType,
    'x-slack-request-timestamp': String(options.timestamp),
    'x-slack-signature': signSlackRequest(options),
  };
}
