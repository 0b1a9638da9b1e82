import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { createDatasetAgent } from '@quarry/agent';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { Hono } from 'hono';
import { errorResponse } from '../error-response.js';
import { chatRoutes } from './chat-route.js';

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
  let app: Hono;

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    const recommender = await createDatasetRecommender({ datasets: catalog });
    const agent = createDatasetAgent({
      recommender,
      catalog: new Map(catalog.map((d) => [d.id, d])),
    });
    app = new Hono();
    app.route('/', chatRoutes({ agent, conversations: store.conversations }));
    app.onError((error, context) => errorResponse(error, context));
  });
  afterAll(async () => {
    await store.close();
  });

  const post = (body: unknown) =>
    app.request('/api/chat', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
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

    const stored = await app.request('/api/conversations/chat-1');
    const conversation = (await stored.json()) as {
      messages: unknown[];
      state: { asked: string[] };
    };
    expect(conversation.messages).toHaveLength(4);
    expect(conversation.state.asked).toEqual(['task']);
  });

  it('rejects a malformed request with a 400 naming the field', async () => {
    const response = await post({ id: 'x', messages: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('answers 404 for an unknown conversation', async () => {
    expect((await app.request('/api/conversations/nope')).status).toBe(404);
  });
});
