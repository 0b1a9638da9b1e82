/**
 * Two `quarry serve` processes on one PostgreSQL database (QUARRY_TEST_POSTGRES_URL; required in
 * CI), the way a lab runs several API processes behind a proxy: a paper uploaded through one is
 * found by answer search through the other without a restart, and both give the same answers.
 */
import { randomBytes } from 'node:crypto';
import { postgresRequired, postgresTestUrl, throwawayPostgres } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

const adminUrl = postgresTestUrl;
const databases = throwawayPostgres(adminUrl ?? '', 'quarry_two_serve');
const token = randomBytes(24).toString('hex');
/** How long the other process may take to find the upload before the test fails. */
const findWithinMs = 10_000;

const paperText = [
  'Glacier Flow Sensing with Acoustic Fibre Arrays',
  '',
  'We measure glacier flow with distributed acoustic sensing along a buried optical fibre.',
  'The fibre array records basal sliding events at a sampling rate of 2 kHz.',
  'Our method reduces the error of flow velocity estimates by 31 percent over GPS stakes.',
].join('\n');

interface AnswerHits {
  hits: { paperId: string; sentenceIndex: number; text: string }[];
}

async function answers(server: ServeProcess, question: string): Promise<AnswerHits> {
  const response = await fetch(
    `${server.url}/api/answers/search?q=${encodeURIComponent(question)}&limit=5`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as AnswerHits;
}

// A test, not a hook: a failing hook would only mark the tests below skipped.
it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(adminUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe('two quarry serve processes on one PostgreSQL database', () => {
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    if (!adminUrl) return;
    const database = await databases.create();
    for (let started = 0; started < 2; started += 1) {
      // One at a time: the first applies the migrations and imports the starter catalog.
      servers.push(
        await startServeProcess({
          database,
          environment: { QUARRY_API_TOKEN: token, QUARRY_REQUEST_LOG: 'off' },
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await databases.dispose();
  });

  it.skipIf(!postgresRequired && !adminUrl)(
    'finds a paper uploaded through one process by searching the other, with the same answers',
    async () => {
      const [first, second] = servers;
      if (!first || !second) throw new Error('both servers should have started');
      const form = new FormData();
      form.append('file', new Blob([paperText]), 'glacier-flow.txt');
      const upload = await fetch(`${first.url}/api/papers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const question = 'how much does the fibre array reduce the flow velocity error?';
      const uploadedAt = Date.now();
      let found: AnswerHits = { hits: [] };
      while (Date.now() - uploadedAt < findWithinMs) {
        found = await answers(second, question);
        if (found.hits.some((hit) => hit.text.includes('31 percent'))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(found.hits.map((hit) => hit.text)).toContain(
        'Our method reduces the error of flow velocity estimates by 31 percent over GPS stakes.',
      );
      const fromFirst = await answers(first, question);
      expect(fromFirst.hits.map((hit) => [hit.paperId, hit.sentenceIndex])).toEqual(
        found.hits.map((hit) => [hit.paperId, hit.sentenceIndex]),
      );
    },
    60_000,
  );
});
