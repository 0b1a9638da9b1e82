/**
 * @module The Hono app: the HTTP composition root. Routes get their dependencies from `deps`;
 * errors are mapped to HTTP statuses once, in `onError`.
 */
import { Hono } from 'hono';
import type { Store } from '@quarry/store';
import { errorResponse } from './error-response.js';

export interface AppDependencies {
  store: Store;
  version: string;
}

export function createApp(deps: AppDependencies): Hono {
  const app = new Hono();

  app.get('/api/health', async (context) => {
    const stats = await deps.store.stats();
    return context.json({
      status: 'ok',
      version: deps.version,
      database: deps.store.client.kind,
      ...stats,
    });
  });

  app.notFound((context) =>
    context.json(
      {
        error: {
          code: 'not_found',
          message: `no route for ${context.req.method} ${context.req.path}`,
        },
      },
      404,
    ),
  );
  app.onError((error, context) => errorResponse(error, context));
  return app;
}
