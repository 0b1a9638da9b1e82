/**
 * Hypothetical answers (HyDE) end to end: settings from the environment, the served search, the
 * API in-process, and a loopback OpenAI-compatible server standing in for the language model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@quarry/api';
import type { AccessOptions, LogEntry } from '@quarry/api';
import { loadFrameIndex, memoryAnswerSearch } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder, paperFrom, startFakeChatServer } from '@quarry/testing';
import type { FakeChatServer } from '@quarry/testing';
import { loadSettings } from '../settings.js';
import { createServedAnswerSearch } from './served-answer-search.js';

/** Shares no word with any sentence: the paraphrase case hypothetical answers are for. */
const question = 'How quickly does it run?';
const target = 'Throughput reaches twenty frames per second on a single GPU.';
/** Shares words with the target only, none with the question or the other sentences. */
const hypotheticalAnswer = 'A throughput of twenty frames per second was measured on one GPU.';
const paper = paperFrom({
  id: 'fast-detector',
  title: 'A Fast Scene Text Detector',
  year: 2020,
  sections: [
    {
      title: 'Method',
      sentences: [
        'Our detector handles curved text lines.',
        'Each video is cut into clips of ten seconds.',
        'We train for ten epochs with a batch size of 32.',
      ],
    },
    {
      title: 'Experiments',
      sentences: [target, 'The dataset contains street scenes from five cities.'],
    },
  ],
});
const access: AccessOptions = {
  apiToken: 'served-answer-search-token-0123',
  tokenRequiredFor: 'writes',
  allowedHosts: [],
};

interface Hit {
  text: string;
}
interface Body {
  query: string;
  hits: Hit[];
}

let store: Store;
let offline: AnswerSearch;
let answering: FakeChatServer;
let hanging: FakeChatServer;

beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  await store.papers.upsert(paper);
  const { index } = await loadFrameIndex({ store, embedder: createHashingEmbedder() });
  offline = memoryAnswerSearch(index, store);
  answering = await startFakeChatServer({ sentence: hypotheticalAnswer });
  hanging = await startFakeChatServer({ sentence: hypotheticalAnswer, delayMs: 30_000 });
});
afterAll(async () => {
  await Promise.all([answering.close(), hanging.close()]);
  await store.close();
});

function servedApp(environment: Record<string, string>, logs: LogEntry[] = []) {
  const served = createServedAnswerSearch({
    currentSearch: () => offline,
    settings: loadSettings(environment),
    log: (entry) => logs.push(entry),
  });
  const app = createApp({
    store,
    version: 'test',
    access,
    answers: () => offline,
    questionAnswers: served.current,
  });
  const get = async (path: string) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    return (await response.json()) as Body;
  };
  return {
    served,
    answers: () => get(`/api/answers/search?q=${encodeURIComponent(question)}&limit=3`),
    find: () =>
      get(`/api/papers/${paper.id}/find?q=${encodeURIComponent(question)}&mode=question&limit=3`),
  };
}

const remote = (server: FakeChatServer, timeoutMs = 5_000) => ({
  QUARRY_LLM: 'openai',
  QUARRY_LLM_BASE_URL: server.baseUrl,
  QUARRY_LLM_MODEL: 'test-model',
  QUARRY_LLM_TIMEOUT_MS: String(timeoutMs),
});

describe('answer and in-paper search with hypothetical answers', () => {
  it('are the offline search with the local model, or with QUARRY_HYDE=off', async () => {
    const local = servedApp({});
    expect(local.served.hypotheticalAnswers).toBe(false);
    expect(local.served.current()).toBe(offline);
    const off = servedApp({ ...remote(answering), QUARRY_HYDE: 'off' });
    expect(off.served.hypotheticalAnswers).toBe(false);
    expect(off.served.current()).toBe(offline);
    // Offline, the question finds nothing by its words, and the target is not first.
    expect((await local.answers()).hits[0]?.text).not.toBe(target);
    expect((await local.find()).hits[0]?.text).not.toBe(target);
    expect(answering.requests).toHaveLength(0);
  });

  it('send the model the question only, and put the sentence its answer matches first', async () => {
    const before = answering.requests.length;
    const { served, answers, find } = servedApp(remote(answering));
    expect(served.hypotheticalAnswers).toBe(true);
    const answered = await answers();
    expect(answered.query).toBe(question);
    expect(answered.hits[0]?.text).toBe(target);
    const found = await find();
    expect(found.hits[0]?.text).toBe(target);

    // The same question again (the find box after the answer page) is answered from the cache.
    expect(answering.requests.length - before).toBe(1);
    const request = answering.requests.at(-1) ?? {};
    expect(request.model).toBe('test-model');
    const sent = JSON.stringify(request);
    expect(sent).toContain(question);
    for (const sentence of paper.sentences) expect(sent).not.toContain(sentence.text);
    expect(sent).not.toContain(paper.title);
  });

  it('answer with the offline result when the model hangs past QUARRY_LLM_TIMEOUT_MS', async () => {
    const logs: LogEntry[] = [];
    const { answers, find } = servedApp(remote(hanging, 300), logs);
    const offlineApp = servedApp({});
    const startedAt = Date.now();
    const [answered, found] = await Promise.all([answers(), find()]);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(answered).toEqual(await offlineApp.answers());
    expect(found).toEqual(await offlineApp.find());
    expect(hanging.requests.length).toBeGreaterThanOrEqual(1);
    expect(logs.map((entry) => [entry.level, entry.reason])).toEqual([
      ['warn', 'timeout'],
      ['warn', 'timeout'],
    ]);
  });
});
