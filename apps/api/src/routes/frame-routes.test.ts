import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRuleQuestionGenerator,
  generateQuestions,
  loadFrameIndex,
  memoryAnswerSearch,
} from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from '../create-app.js';
import { testAccess, withToken } from './test-support/test-access.js';
import { routePaper } from './test-support/route-papers.js';
import { createWordEmbedder } from './test-support/word-embedder.js';

interface Json {
  [key: string]: unknown;
}

describe('answer, paper, suggest and annotation routes', () => {
  let store: Store;
  let index: FrameIndex;

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(routePaper);
    await generateQuestions({ store, generator: createRuleQuestionGenerator() });
    ({ index } = await loadFrameIndex({ store, embedder: createWordEmbedder() }));
  });
  afterAll(async () => {
    await store.close();
  });

  const app = () =>
    createApp({
      store,
      version: 'test',
      access: testAccess,
      answers: () => memoryAnswerSearch(index, store),
    });
  const getJson = async (path: string) => {
    const response = await app().request(path);
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('searches answers across papers with a limit and filters', async () => {
    const { status, body } = await getJson(
      '/api/answers/search?q=What%20learning%20rate%20is%20used&limit=2',
    );
    expect(status).toBe(200);
    const hits = body.hits as Json[];
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject({
      paperId: 'seglink',
      text: routePaper.sentences[2]?.text,
      sectionTitle: 'Experiments',
    });
    const filtered = await getJson('/api/answers/search?q=learning%20rate&paper=other&year=2017');
    expect(filtered.body.hits).toEqual([]);
  });

  it('answers 400 with the error shape for a missing or invalid parameter', async () => {
    const missing = await getJson('/api/answers/search');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { code: 'invalid_input' } });
    expect((await getJson('/api/answers/search?q=x&limit=0')).status).toBe(400);
    expect((await getJson('/api/answers/search?q=x&year=17')).status).toBe(400);
  });

  it('answers 503 while no answer index is loaded, but still serves papers', async () => {
    const bare = createApp({ store, version: 'test', access: testAccess });
    const response = await bare.request('/api/answers/search?q=rate');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'model_failure' } });
    expect((await bare.request('/api/papers/seglink')).status).toBe(200);
  });

  it('returns a paper with sections and sentences with ids and offsets', async () => {
    const { status, body } = await getJson('/api/papers/seglink');
    expect(status).toBe(200);
    // Each section also carries its role (core section-role.ts), read from its heading.
    expect(body.sections).toMatchObject(routePaper.sections);
    const sentences = body.sentences as {
      id: string;
      charStart: number;
      charEnd: number;
      text: string;
    }[];
    expect(sentences).toHaveLength(routePaper.sentences.length);
    for (const sentence of sentences) {
      expect(sentence.id).toMatch(/^\d+$/);
      expect((body.text as string).slice(sentence.charStart, sentence.charEnd)).toBe(sentence.text);
    }
    expect((await getJson('/api/papers/nope')).status).toBe(404);
  });

  it('finds inside a paper by question and by text', async () => {
    const question = await getJson(
      '/api/papers/seglink/find?q=How%20fast%20does%20it%20run%3F&mode=question&limit=1',
    );
    expect(question.status).toBe(200);
    expect((question.body.hits as Json[])[0]).toMatchObject({
      text: routePaper.sentences[1]?.text,
    });
    const text = await getJson('/api/papers/seglink/find?q=%2F%5Cd%2B%25%2F&mode=text');
    expect(
      (text.body.hits as { highlight: { text: string } }[]).map((hit) => hit.highlight.text),
    ).toEqual(['0%']);
    expect((await getJson('/api/papers/seglink/find?q=x&mode=fuzzy')).status).toBe(400);
    expect((await getJson('/api/papers/nope/find?q=x')).status).toBe(404);
  });

  it('suggests questions and FAQs', async () => {
    const { body } = await getJson('/api/suggest?q=What%20lea');
    expect((body.suggestions as Json[])[0]).toMatchObject({
      text: 'What learning rate is used?',
      source: 'prefix',
    });
    const faq = await getJson('/api/suggest/faq?paper=seglink');
    expect(faq.status).toBe(200);
    expect((faq.body.questions as Json[]).length).toBeGreaterThan(0);
    expect((await getJson('/api/suggest/faq')).status).toBe(400);
  });

  it('adds, lists and deletes annotations, and the new question is searchable at once', async () => {
    const start = routePaper.text.indexOf('20 FPS');
    const created = await app().request(
      '/api/annotations',
      withToken({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paperId: 'seglink',
          question: 'What is its throughput?',
          charStart: start,
          charEnd: start + 6,
        }),
      }),
    );
    expect(created.status).toBe(201);
    const annotation = (await created.json()) as { id: string; answerText: string };
    expect(annotation.answerText).toBe('20 FPS');
    const search = await getJson('/api/answers/search?q=What%20is%20its%20throughput%3F&limit=1');
    expect((search.body.hits as Json[])[0]).toMatchObject({
      text: routePaper.sentences[1]?.text,
      matchedQuestion: { text: 'What is its throughput?' },
    });
    const listed = await getJson('/api/annotations?paper=seglink');
    expect((listed.body.annotations as Json[]).map((item) => item.id)).toEqual([annotation.id]);
    const bad = await app().request(
      '/api/annotations',
      withToken({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paperId: 'seglink', question: 'Q?', charStart: 5, charEnd: 2 }),
      }),
    );
    expect(bad.status).toBe(400);
    expect(
      (await app().request(`/api/annotations/${annotation.id}`, withToken({ method: 'DELETE' })))
        .status,
    ).toBe(204);
    expect(
      (await app().request(`/api/annotations/${annotation.id}`, withToken({ method: 'DELETE' })))
        .status,
    ).toBe(404);
  });
});
