import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from './create-app.js';
import { testAccess } from './routes/test-support/test-access.js';

describe('api app', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('reports health with the database kind and counts', async () => {
    const app = createApp({ store, version: '9.9.9', access: testAccess });
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: '9.9.9',
      database: 'pglite',
      datasets: 0,
      papers: 0,
      frames: 0,
      questions: 0,
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await createApp({ store, version: '0', access: testAccess }).request(
      '/api/nope',
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
