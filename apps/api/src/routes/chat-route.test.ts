import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { createDatasetAgent } from '@quarry/agent';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import type { Hono } from 'hono';
import { createApp } from '../create-app.js';
import type { EdgeEnv } from '../edge/edge-env.js';
import { testAccess, withToken } from './test-support/test-access.js';

function dataset(id: string, description: string, modalities: string[], tasks: string[]): Dataset {
  return datasetWithDefaults({ id, description, modalities, tasks, year: 2019, source: 'starter' });
}

const catalog = [
  dataset(
    'StreetScenes',
    'Street images with pixel labels for semantic segmentation of driving scenes.',
    ['Images'],
    ['Semantic Segmentation'],
  ),
  dataset(
    'AerialParcels',
    'Aerial photographs of farmland with pixel labels for semantic segmentation of fields.',
    ['Images'],
    ['Semantic Segmentation'],
  ),
  dataset(
    'ReadingQA',
    'English Wikipedia paragraphs with questions for question answering.',
    ['Texts'],
    ['Question Answering'],
  ),
];

/** The chunks of an AI SDK UI message stream (server-sent events). */
async function chunksOf(response: Response): Promise<Record<string, unknown>[]> {
  const body = await response.text();
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
}

function userMessage(text: string) {
  return { id: `m-${text.length}`, role: 'user', parts: [{ type: 'text', text }] };
}

describe('POST /api/chat', () => {
  let store: Store;
  let app: Hono<EdgeEnv>;

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    const recommender = await createDatasetRecommender({ datasets: catalog });
    const agent = createDatasetAgent({
      recommender,
      catalog: new Map(catalog.map((d) => [d.id, d])),
    });
    app = createApp({
      store,
      version: 'test',
      access: testAccess,
      agent,
      limits: { maxMessageCharacters: 500, maxChatMessages: 10, maxConversationMessages: 6 },
    });
  });
  afterAll(async () => {
    await store.close();
  });

  const alice = 'client-alice-0123456789';
  const mallory = 'client-mallory-0123456789';

  const post = (body: unknown, client = alice) =>
    app.request('/api/chat', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-quarry-client': client },
    });
  const read = (path: string, client = alice, init: RequestInit = {}) =>
    app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-quarry-client': client },
    });

  it('streams a clarifying question with quick replies, then a recommendation, and stores the conversation', async () => {
    const first = await chunksOf(
      await post({ id: 'chat-1', messages: [userMessage('I need data about driving')] }),
    );
    const text = first
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    expect(text).toMatch(/which task/i);
    const clarify = first.find((chunk) => chunk.type === 'data-clarify');
    expect(clarify).toMatchObject({ data: { slot: 'task' } });

    const second = await chunksOf(
      await post({
        id: 'chat-1',
        messages: [userMessage('I need data about driving'), userMessage('semantic segmentation')],
      }),
    );
    const cards = second.find((chunk) => chunk.type === 'data-datasets') as {
      data: { datasets: { name: string }[] };
    };
    expect(cards.data.datasets[0]?.name).toBe('StreetScenes');

    const stored = await read('/api/conversations/chat-1');
    const conversation = (await stored.json()) as {
      messages: unknown[];
      state: { asked: string[] };
    };
    expect(conversation.messages).toHaveLength(4);
    expect(conversation.state.asked).toEqual(['task']);
  });

  it('names the constraint that emptied the list and streams the reply that lifts it', async () => {
    const turns = ['semantic segmentation datasets', 'only ones from 2030 on'];
    await post({ id: 'chat-relax', messages: [userMessage(turns[0]!)] });
    const chunks = await chunksOf(
      await post({ id: 'chat-relax', messages: turns.map((turn) => userMessage(turn)) }),
    );
    expect(chunks.find((chunk) => chunk.type === 'data-relax')).toMatchObject({
      data: { label: 'from 2030 on', reply: 'any year is fine' },
    });
    const cards = chunks.find((chunk) => chunk.type === 'data-datasets') as {
      data: { datasets: { name: string }[] };
    };
    expect(cards.data.datasets.length).toBeGreaterThan(0);
  });

  it('returns each step of the turn with ?trace=1, and no trace without it', async () => {
    const traced = await chunksOf(
      await app.request('/api/chat?trace=1', {
        method: 'POST',
        body: JSON.stringify({
          id: 'chat-trace',
          messages: [userMessage('semantic segmentation of aerial photographs of farmland')],
        }),
        headers: { 'content-type': 'application/json', 'x-quarry-client': alice },
      }),
    );
    const trace = traced.find((chunk) => chunk.type === 'data-trace') as {
      data: { steps: { step: string; [field: string]: unknown }[] };
    };
    expect(trace.data.steps.map((step) => step.step)).toEqual([
      'read',
      'state',
      'rank',
      'decide',
      'rank',
      'reply',
    ]);
    expect(trace.data.steps[0]).toMatchObject({
      reading: { kind: 'dataset-request', role: 'new-request', language: 'en' },
    });
    expect(trace.data.steps[1]).toMatchObject({
      change: 'new-request',
      state: { constraints: { task: { value: 'semantic segmentation' } } },
    });
    const ranked = trace.data.steps[2] as unknown as { candidates: { datasetId: string }[] };
    expect(ranked.candidates[0]?.datasetId).toBe('AerialParcels');
    expect(trace.data.steps[3]).toMatchObject({ decision: { kind: 'recommend' } });
    expect(trace.data.steps[5]).toMatchObject({ kind: 'recommend' });

    const plain = await chunksOf(
      await post({ id: 'chat-untraced', messages: [userMessage('semantic segmentation')] }),
    );
    expect(plain.some((chunk) => chunk.type === 'data-trace')).toBe(false);
  });

  it('refines the stored request on a follow-up, from the database, and says what it searches for', async () => {
    await post({ id: 'chat-refine', messages: [userMessage('semantic segmentation datasets')] });
    const refined = await chunksOf(
      await post({
        id: 'chat-refine',
        messages: [userMessage('semantic segmentation datasets'), userMessage('only aerial ones')],
      }),
    );
    const text = refined
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    expect(text).toMatch(/^Searching for: .*segmentation.*aerial/i);
    const cards = refined.find((chunk) => chunk.type === 'data-datasets') as {
      data: { datasets: { name: string }[] };
    };
    expect(cards.data.datasets.map((card) => card.name)).toEqual(['AerialParcels']);
    const stored = (await (await read('/api/conversations/chat-refine')).json()) as {
      state: { request: string; required: string[] };
    };
    expect(stored.state.request).toBe('semantic segmentation datasets');
    expect(stored.state.required).toEqual(['aerial']);
  });

  it('rejects a malformed request with a 400 naming the field', async () => {
    const response = await post({ id: 'x', messages: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input' } });
    // A request without the conversation's id says what the id is.
    const noId = await post({ messages: [userMessage('semantic segmentation')] });
    expect(noId.status).toBe(400);
    const body = (await noId.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/conversation id is required/);
  });

  it('answers 404 for an unknown conversation', async () => {
    expect((await read('/api/conversations/nope')).status).toBe(404);
  });

  it('keeps a conversation to the client that started it: others can neither read nor continue it', async () => {
    const started = await post({ id: 'private-1', messages: [userMessage('image datasets')] });
    expect(started.status).toBe(200);
    await started.text();
    expect((await read('/api/conversations/private-1')).status).toBe(200);
    expect((await read('/api/conversations/private-1', mallory)).status).toBe(404);
    const hijack = await post(
      { id: 'private-1', messages: [userMessage('semantic segmentation')] },
      mallory,
    );
    expect(hijack.status).toBe(404);
    const listed = (await (await read('/api/conversations', mallory)).json()) as {
      conversations: { id: string }[];
    };
    expect(listed.conversations.map((conversation) => conversation.id)).not.toContain('private-1');
    const own = (await (await read('/api/conversations')).json()) as {
      conversations: { id: string }[];
    };
    expect(own.conversations.map((conversation) => conversation.id)).toContain('private-1');
    // Even the token's holder cannot read another client's conversation.
    expect((await read('/api/conversations/private-1', mallory, withToken())).status).toBe(404);
  });

  it('limits message length, messages per request and messages per conversation', async () => {
    const long = await post({ id: 'long', messages: [userMessage('x'.repeat(501))] });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('500 characters');
    const many = await post({
      id: 'many',
      messages: Array.from({ length: 11 }, (_, index) => userMessage(`m${index}`)),
    });
    expect(many.status).toBe(400);
    for (let turn = 0; turn < 3; turn += 1) {
      const response = await post({
        id: 'full',
        messages: [userMessage(`image datasets ${turn}`)],
      });
      expect(response.status).toBe(200);
      await response.text();
    }
    const full = await post({ id: 'full', messages: [userMessage('one more')] });
    expect(full.status).toBe(400);
    expect(JSON.stringify(await full.json())).toContain('start a new conversation');
  });
});
