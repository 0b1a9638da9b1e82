/**
 * @module The Hono app: the HTTP composition root. Routes get their dependencies from `deps`;
 * errors are mapped to HTTP statuses once, in `onError`.
 */
import { Hono } from 'hono';
import type { DatasetAgent } from '@quarry/agent';
import type { CatalogBrowser, DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import { errorResponse } from './error-response.js';
import type { PaperUploader } from './paper-uploader.js';
import { annotationRoutes } from './routes/annotations-routes.js';
import { chatRoutes } from './routes/chat-route.js';
import { datasetRoutes } from './routes/datasets-routes.js';
import { answerRoutes } from './routes/answers-routes.js';
import { paperRoutes } from './routes/papers-routes.js';
import type { AnswerIndexSource } from './routes/request-validation.js';
import { suggestRoutes } from './routes/suggest-routes.js';
import { webAssetRoutes } from './web-assets.js';

export interface AppDependencies {
  store: Store;
  version: string;
  /**
   * The frame index for answers, in-paper search and suggestions (or a function returning it once
   * loaded); without it those routes answer 503 and annotations are embedded on the next load.
   */
  answers?: AnswerIndexSource;
  /** The chat agent; without it POST /api/chat is not served. */
  agent?: DatasetAgent;
  /** The dataset recommender; without it /api/datasets/* is not served. */
  recommender?: DatasetRecommender;
  /** Catalog browsing for GET /api/datasets. */
  browser?: CatalogBrowser;
  /** Paper uploads for POST /api/papers; without it uploads are not served. */
  uploader?: PaperUploader;
  /** The built web app's folder (apps/web/dist); without it only the API is served. */
  webRoot?: string;
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

  app.route('/', answerRoutes({ answers: deps.answers }));
  app.route(
    '/',
    paperRoutes({
      store: deps.store,
      ...(deps.answers === undefined ? {} : { answers: deps.answers }),
      ...(deps.uploader ? { uploader: deps.uploader } : {}),
    }),
  );
  app.route('/', suggestRoutes({ answers: deps.answers }));
  app.route('/', annotationRoutes({ store: deps.store, answers: deps.answers }));
  if (deps.recommender)
    app.route(
      '/',
      datasetRoutes({
        store: deps.store,
        recommender: deps.recommender,
        ...(deps.browser ? { browser: deps.browser } : {}),
        ...(deps.answers === undefined ? {} : { answers: deps.answers }),
      }),
    );
  if (deps.agent)
    app.route('/', chatRoutes({ agent: deps.agent, conversations: deps.store.conversations }));

  if (deps.webRoot) app.route('/', webAssetRoutes(deps.webRoot));

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
