import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@quarry/store';
import type { Hono } from 'hono';
import { createApp } from '../create-app.js';
import type { EdgeEnv } from '../edge/edge-env.js';
import { testAccess, withToken } from './test-support/test-access.js';
import {
  postgresRequired,
  postgresTestUrl,
  testStoreBackends,
} from './test-support/test-stores.js';

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

const alice = 'client-alice-0123456789';
const mallory = 'client-mallory-0123456789';

describe.each(testStoreBackends())('conversation routes on $name', (backend) => {
  let store: Store;
  let app: Hono<EdgeEnv>;

  beforeAll(async () => {
    store = await backend.open();
    app = createApp({
      store,
      version: 'test',
      access: testAccess,
      limits: { maxConversationTitleCharacters: 40, maxJsonBodyBytes: 1024 },
    });
  });
  afterAll(async () => {
    await store.close();
    await backend.dispose();
  });

  const start = (id: string, owner?: string) =>
    store.conversations.append({
      id,
      ...(owner === undefined ? {} : { owner }),
      title: `first message of ${id}`,
      messages: [{ role: 'user', content: { text: 'street scenes' } }],
    });
  const call = (path: string, client: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-quarry-client', client);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    return app.request(path, { ...init, headers });
  };
  const rename = (id: string, title: unknown, client = alice, init: RequestInit = {}) =>
    call(`/api/conversations/${id}`, client, {
      ...init,
      method: 'PATCH',
      body: JSON.stringify({ title }),
    });
  const remove = (id: string, client = alice, init: RequestInit = {}) =>
    call(`/api/conversations/${id}`, client, { ...init, method: 'DELETE' });
  const titles = async (client: string) =>
    (
      (await (await call('/api/conversations', client)).json()) as {
        conversations: { id: string; title: string }[];
      }
    ).conversations.map((conversation) => [conversation.id, conversation.title]);

  it('the owner renames a conversation without the token; the title is trimmed and listed', async () => {
    await start('renamed', alice);
    const response = await rename('renamed', '  Street scene datasets  ');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'renamed', title: 'Street scene datasets' });
    expect(await titles(alice)).toContainEqual(['renamed', 'Street scene datasets']);
    expect((await store.conversations.get('renamed'))?.messages).toHaveLength(1);
  });

  it('another client can neither rename nor delete it, with or without the token (404)', async () => {
    await start('private', alice);
    expect((await rename('private', 'Mine now', mallory)).status).toBe(404);
    expect((await rename('private', 'Mine now', mallory, withToken())).status).toBe(404);
    expect((await remove('private', mallory)).status).toBe(404);
    expect((await remove('private', mallory, withToken())).status).toBe(404);
    const stored = await store.conversations.get('private');
    expect(stored?.title).toBe('first message of private');
    expect(await titles(mallory)).toEqual([]);
  });

  it('a conversation stored before owners existed is managed only with the token', async () => {
    await start('ownerless');
    expect((await rename('ownerless', 'Old one', alice)).status).toBe(404);
    expect((await rename('ownerless', 'Old one', alice, withToken())).status).toBe(200);
    expect((await remove('ownerless', alice)).status).toBe(404);
    expect((await remove('ownerless', alice, withToken())).status).toBe(204);
    expect(await store.conversations.get('ownerless')).toBeNull();
  });

  it('the owner deletes a conversation with its messages; it is gone from the history', async () => {
    await start('deleted', alice);
    const response = await remove('deleted');
    expect(response.status).toBe(204);
    expect((await call('/api/conversations/deleted', alice)).status).toBe(404);
    expect((await titles(alice)).map(([id]) => id)).not.toContain('deleted');
    const { rows } = await store.client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM conversation_messages WHERE conversation_id = $1',
      ['deleted'],
    );
    expect(rows[0]?.count).toBe(0);
    expect((await remove('deleted')).status).toBe(404);
  });

  it('refuses a bad title with a 400 naming the field, and a large body with a 413', async () => {
    await start('checked', alice);
    for (const title of ['', '   ', 42, 'x'.repeat(41)]) {
      const response = await rename('checked', title);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(/^title: invalid title: /);
    }
    const long = await rename('checked', 'x'.repeat(41));
    expect(JSON.stringify(await long.json())).toContain('at most 40 characters');
    const large = await rename('checked', 'y'.repeat(2000));
    expect(large.status).toBe(413);
    expect((await store.conversations.get('checked'))?.title).toBe('first message of checked');
  });

  it('refuses a rename from another site', async () => {
    await start('cross-site', alice);
    const response = await rename('cross-site', 'Hijacked', alice, {
      headers: { origin: 'http://evil.example', host: 'localhost' },
    });
    expect(response.status).toBe(403);
    expect((await store.conversations.get('cross-site'))?.title).toBe(
      'first message of cross-site',
    );
  });

  it('counts renames and deletions against the chat rate limit', async () => {
    const limited = createApp({
      store,
      version: 'test',
      access: testAccess,
      limits: { chatRequestsPerMinute: 2 },
    });
    await start('limited', alice);
    const attempt = () =>
      limited.request('/api/conversations/limited', {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Again' }),
        headers: { 'content-type': 'application/json', 'x-quarry-client': alice },
      });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
