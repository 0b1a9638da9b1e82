import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from '../create-app.js';
import type { AppDependencies } from '../create-app.js';
import { createPaperUploader } from '../paper-uploader.js';
import { testAccess, testApiToken, withToken } from '../routes/test-support/test-access.js';
import type { LogEntry } from './request-log.js';
import { RateLimiter } from './rate-limiter.js';

interface Json {
  [key: string]: unknown;
}

describe('the HTTP edge', () => {
  let store: Store;
  const logs: LogEntry[] = [];
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  const app = (overrides: Partial<AppDependencies> = {}) =>
    createApp({
      store,
      version: 'test',
      access: testAccess,
      logger: (entry) => logs.push(entry),
      ...overrides,
    });
  const annotation = (init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('content-type', 'application/json');
    return app().request('/api/annotations', {
      method: 'POST',
      body: JSON.stringify({ paperId: 'p', question: 'Q?', charStart: 0, charEnd: 2 }),
      ...init,
      headers,
    });
  };

  describe('access', () => {
    it('answers 401 to every write without the token, and to a wrong token', async () => {
      expect((await annotation()).status).toBe(401);
      expect((await annotation({ headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await app().request('/api/annotations/1', { method: 'DELETE' })).status).toBe(401);
      const upload = await app().request('/api/papers', { method: 'POST', body: new FormData() });
      expect(upload.status).toBe(401);
      // With the token the write reaches the route (the paper does not exist: 404).
      expect((await annotation(withToken())).status).toBe(404);
    });

    it('keeps reads open on loopback and closes them when every route needs the token', async () => {
      expect((await app().request('/api/papers')).status).toBe(200);
      const closed = app({ access: { ...testAccess, tokenRequiredFor: 'all' } });
      const refused = await closed.request('/api/papers');
      expect(refused.status).toBe(401);
      const body = (await refused.json()) as { error: Json };
      expect(body.error.code).toBe('unauthorized');
      expect(body.error.requestId).toBe(refused.headers.get('x-request-id'));
      expect((await closed.request('/api/papers', withToken())).status).toBe(200);
      // The sign-in state stays readable so the web app can show its sign-in page.
      expect(await (await closed.request('/api/session')).json()).toEqual({
        signedIn: false,
        tokenRequiredFor: 'all',
      });
    });

    it('signs the web app in once with an HttpOnly, SameSite=Strict cookie that is not the token', async () => {
      const closed = app({ access: { ...testAccess, tokenRequiredFor: 'all' } });
      const json = { 'content-type': 'application/json' };
      const wrong = await closed.request('/api/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ token: 'nope' }),
      });
      expect(wrong.status).toBe(401);
      const signIn = await closed.request('/api/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ token: testApiToken }),
      });
      expect(signIn.status).toBe(200);
      const setCookie = signIn.headers
        .getSetCookie()
        .find((line) => line.startsWith('quarry_session='));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).not.toContain(testApiToken);
      const cookie = setCookie?.split(';')[0] ?? '';
      const session = await closed.request('/api/session', { headers: { cookie } });
      expect(await session.json()).toMatchObject({ signedIn: true });
      expect((await closed.request('/api/papers', { headers: { cookie } })).status).toBe(200);
      const signOut = await closed.request('/api/session', {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(signOut.status).toBe(204);
      expect(signOut.headers.getSetCookie().join()).toMatch(/quarry_session=;/);
    });
  });

  describe('cross-site protection', () => {
    it('refuses a cross-origin POST and a POST that is not JSON or multipart', async () => {
      const crossOrigin = await annotation(
        withToken({ headers: { origin: 'http://evil.example' } }),
      );
      expect(crossOrigin.status).toBe(403);
      const sameOrigin = await app().request(
        'http://127.0.0.1:8787/api/annotations',
        withToken({
          method: 'POST',
          headers: { origin: 'http://127.0.0.1:8787', 'content-type': 'application/json' },
          body: JSON.stringify({ paperId: 'p', question: 'Q?', charStart: 0, charEnd: 2 }),
        }),
      );
      expect(sameOrigin.status).toBe(404);
      const chatForm = await app().request('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{"id":"x","messages":[]}',
      });
      expect(chatForm.status).toBe(415);
    });

    it('refuses API requests a page on another site makes, and host names it does not own', async () => {
      const image = await app().request('/api/papers', {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(image.status).toBe(403);
      const rebound = await app().request('/api/health', {
        headers: { host: 'attacker.example:8787' },
      });
      expect(rebound.status).toBe(403);
      expect(
        (await app().request('/api/health', { headers: { host: 'localhost:8787' } })).status,
      ).toBe(200);
      const named = app({ access: { ...testAccess, allowedHosts: ['quarry.lab.example'] } });
      expect(
        (await named.request('/api/health', { headers: { host: 'quarry.lab.example' } })).status,
      ).toBe(200);
    });

    it('sets the security headers on every response', async () => {
      for (const path of ['/api/health', '/api/nope']) {
        const response = await app().request(path);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      }
    });
  });

  describe('limits', () => {
    it('answers 413 before reading more than the limit, with or without a Content-Length', async () => {
      const limited = app({ limits: { maxJsonBodyBytes: 1000 } });
      const declared = await limited.request(
        '/api/annotations',
        withToken({
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '5000' },
          body: 'x'.repeat(5000),
        }),
      );
      expect(declared.status).toBe(413);
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          if (pulled > 10_000) controller.close();
          else controller.enqueue(new Uint8Array(512));
        },
      });
      const streamed = await limited.request(
        '/api/annotations',
        withToken({
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          body: endless,
          duplex: 'half',
        }),
      );
      expect(streamed.status).toBe(413);
      expect(pulled).toBeLessThan(10);
    });

    it('rate-limits search per client with 429 and Retry-After', async () => {
      const limited = app({ limits: { searchRequestsPerMinute: 3 } });
      const statuses: number[] = [];
      for (let request = 0; request < 5; request += 1) {
        statuses.push((await limited.request('/api/suggest?q=what')).status);
      }
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      const refused = await limited.request('/api/suggest?q=what');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('caps uploads in progress with 429 and Retry-After', async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const limited = app({
        limits: { maxConcurrentUploads: 1 },
        uploader: createPaperUploader({ store, maxBytes: 10_000, afterIngest: () => held }),
      });
      const send = (name: string) => {
        const form = new FormData();
        form.append(
          'file',
          new File([`Title ${name}\n\nA sentence about ${name}.`], `${name}.txt`),
        );
        return limited.request('/api/papers', withToken({ method: 'POST', body: form }));
      };
      const first = send('first');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await send('second');
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBeTruthy();
      release();
      expect((await first).status).toBe(201);
    });
  });

  describe('text the database cannot store', () => {
    it('answers 400 to a NUL byte in the path, the query or a JSON body, and to broken Unicode', async () => {
      expect((await app().request('/api/suggest?q=%00a')).status).toBe(400);
      expect((await app().request('/api/papers/a%00b')).status).toBe(400);
      const nul = await annotation(
        withToken({
          body: JSON.stringify({ paperId: 'p\u0000', question: 'Q?', charStart: 0, charEnd: 2 }),
        }),
      );
      expect(nul.status).toBe(400);
      const surrogate = await app({ limits: {} }).request(
        '/api/annotations',
        withToken({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"paperId":"\\ud800x","question":"Q?","charStart":0,"charEnd":2}',
        }),
      );
      expect(surrogate.status).toBe(400);
    });

    it('answers 400 to JSON nested too deep, without exhausting the stack', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const response = await app({ limits: { maxJsonBodyBytes: 1_000_000 } }).request(
        '/api/annotations',
        withToken({
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"paperId":${deep}}`,
        }),
      );
      expect(response.status).toBe(400);
      expect(
        (await app().request('/api/annotations/99999999999', withToken({ method: 'DELETE' })))
          .status,
      ).toBe(404);
    });

    it('refuses a chunked upload without a length instead of reading it up to the limit', async () => {
      const response = await app().request(
        '/api/papers',
        withToken({
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'transfer-encoding': 'chunked',
          },
          body: '--x--',
        }),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('connection')).toBe('close');
    });
  });

  describe('errors and logs', () => {
    it('answers an unexpected error with a short message and the request id, and logs the cause', async () => {
      logs.length = 0;
      const failing = app();
      failing.get('/api/explode', () => {
        throw new Error('secret detail at /srv/quarry/internal.ts', {
          cause: new Error('root cause'),
        });
      });
      const response = await failing.request('/api/explode');
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toContain('secret detail');
      expect(text).not.toContain('/srv');
      const requestId = response.headers.get('x-request-id');
      expect(text).toContain(requestId);
      const logged = logs.find((entry) => entry.message === 'unexpected error');
      expect(logged?.requestId).toBe(requestId);
      expect(JSON.stringify(logged)).toContain('root cause');
    });

    it('answers 503 with Retry-After while the database is down', async () => {
      const failing = app();
      failing.get('/api/down', () => {
        throw new AppError({ code: 'storage_failure', message: 'the database is unreachable' });
      });
      const response = await failing.request('/api/down');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
    });

    it('logs one line per request and an audit line per write, never the token', async () => {
      logs.length = 0;
      await app().request('/api/papers?secret=1');
      await annotation(withToken());
      const requests = logs.filter((entry) => entry.message === 'request');
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({ method: 'GET', route: '/api/papers', status: 200 });
      expect(typeof requests[0]?.ms).toBe('number');
      const audit = logs.filter((entry) => entry.message === 'audit');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ method: 'POST', authentication: 'bearer', status: 404 });
      expect(JSON.stringify(logs)).not.toContain(testApiToken);
      expect(JSON.stringify(logs)).not.toContain('secret=1');
    });
  });
});

describe('RateLimiter', () => {
  it('allows a burst, refills over time and forgets the least recently used client', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 2, maxClients: 2, now: () => now });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(true);
    const refused = limiter.take('a');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now = 30_000;
    expect(limiter.take('a').allowed).toBe(true);
    limiter.take('b');
    limiter.take('c');
    expect(limiter.clients).toBe(2);
  });
});
