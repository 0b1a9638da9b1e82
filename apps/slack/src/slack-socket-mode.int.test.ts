/**
 * Socket Mode (installs behind a firewall): with an app-level token the app opens a WebSocket
 * through `apps.connections.open` on the (fake) Slack API instead of taking HTTP requests, and
 * answers a slash command that arrives as an envelope, acknowledging the envelope.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatasetAgent } from '@quarry/agent';
import { createDatasetRecommender } from '@quarry/recommender';
import { datasetWithDefaults } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { startFakeSlackApi } from '@quarry/testing';
import type { FakeSlackApi } from '@quarry/testing';
import { createSlackApp } from './create-slack-app.js';
import type { QuarrySlackApp } from './create-slack-app.js';

const catalog = [
  datasetWithDefaults({
    id: 'MNIST',
    name: 'MNIST',
    description: 'Images of handwritten digits for image classification.',
    modalities: ['Images'],
    tasks: ['Image Classification'],
    source: 'starter',
  }),
];

let store: Store;
let fake: FakeSlackApi;
let slack: QuarrySlackApp;

beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  fake = await startFakeSlackApi();
  slack = createSlackApp({
    signingSecret: 'unused-in-socket-mode',
    botToken: 'xoxb-socket',
    appToken: 'xapp-socket',
    apiUrl: fake.apiUrl,
    agent: createDatasetAgent({
      recommender: await createDatasetRecommender({ datasets: catalog }),
      catalog: new Map(catalog.map((dataset) => [dataset.id, dataset])),
      taskNames: ['Image Classification'],
    }),
    conversations: store.conversations,
    search: {
      ask: () => Promise.resolve({ sentences: [], clearAnswer: false }),
      find: () => Promise.resolve({ paper: null, sentences: [], clearAnswer: false }),
    },
    maxConversationMessages: 100,
    log: () => undefined,
  });
  await slack.start();
});

afterAll(async () => {
  await slack.stop();
  await fake.close();
  await store.close();
});

it('connects over Socket Mode, acknowledges a command envelope and answers in a thread', async () => {
  expect(slack.mode).toBe('socket');
  expect(slack.routes).toBeNull();
  await fake.waitForSocket();
  expect(fake.calls.some((call) => call.method === 'apps.connections.open')).toBe(true);
  fake.sendEnvelope({
    envelope_id: 'envelope-1',
    type: 'slash_commands',
    payload: {
      command: '/quarry',
      text: 'datasets image classification of handwritten digits',
      team_id: 'T1',
      channel_id: 'C1',
      user_id: 'U1',
      trigger_id: 'socket-trigger-1',
      response_url: fake.responseUrl('socket-1'),
    },
  });
  const reply = await fake.waitFor(
    (call) => call.method === 'chat.postMessage' && call.body.thread_ts !== undefined,
  );
  expect(JSON.stringify(reply.body.blocks)).toContain('MNIST');
  expect(fake.acknowledgedEnvelopes).toContain('envelope-1');
});
