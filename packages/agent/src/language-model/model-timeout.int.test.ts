import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeChatServer } from '@quarry/testing';
import type { FakeChatServer } from '@quarry/testing';
import { createLanguageModel } from './language-model-settings.js';
import { createModelConstraintExtractor } from './model-constraint-extractor.js';
import { createModelReplyPhraser } from './model-reply-phraser.js';

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({
    extraction: { task: 'Semantic Segmentation' },
    sentence: 'Too late.',
    delayMs: 30_000,
  });
});
afterAll(async () => {
  await server.close();
});

it('falls back to the local wording and extraction when the model does not answer in time', async () => {
  const model = createLanguageModel({ provider: 'openai', baseUrl: server.baseUrl, model: 'slow' });
  if (model === null) throw new Error('expected a remote model');
  const errors: unknown[] = [];
  const extract = createModelConstraintExtractor({
    model,
    timeoutMs: 300,
    onError: (error) => errors.push(error),
  });
  const phrase = createModelReplyPhraser({ model, timeoutMs: 300 });
  const startedAt = Date.now();
  const [constraints, text] = await Promise.all([
    extract('street scenes'),
    phrase({ kind: 'clarify', text: 'Which task?', slot: 'task', options: [] }),
  ]);
  // Two tries each (maxRetries 1) share one deadline.
  expect(Date.now() - startedAt).toBeLessThan(3_000);
  expect(constraints).toEqual({});
  expect(text).toBe('Which task?');
  expect(errors).toHaveLength(1);
  expect(server.requests.length).toBeGreaterThanOrEqual(2);
});
