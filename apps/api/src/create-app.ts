/**
 * @module The Hono app: the HTTP composition root. Every request passes the edge first (request
 * id and client, request log, security headers, host and origin checks, the API token, rate and
 * body limits); routes get their dependencies from `deps`; errors are mapped to HTTP statuses
 * once, in `onError`. The MCP server (/mcp) is composed here from the same services as the routes.
 */
import { Hono } from 'hono';
import { createLocalServices, createQuarryMcpHttpHandler, createWebLinks } from '@quarry/mcp';
import type { AddedPapers } from '@quarry/mcp';
import type { DatasetAgent } from '@quarry/agent';
import type { CatalogBrowsing, DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import { accessControl } from './edge/access-control.js';
import { crossSiteProtection } from './edge/cross-site-protection.js';
import type { EdgeEnv } from './edge/edge-env.js';
import { defaultEdgeLimits } from './edge/edge-options.js';
import type { AccessOptions, EdgeLimits } from './edge/edge-options.js';
import { requestIdentity } from './edge/request-identity.js';
import {
  bodyLimits,
  createConcurrencyGate,
  createRateLimiters,
  rateLimits,
} from './edge/request-limits.js';
import { admission, createAdmissionGate } from './edge/admission-gate.js';
import { requestLog, silentLogger } from './edge/request-log.js';
import type { Logger } from './edge/request-log.js';
import { securityHeaders } from './edge/security-headers.js';
import { storableRequestText } from './edge/storable-text.js';
import { errorResponse } from './error-response.js';
import type { PaperUploader, UploadedFile } from './paper-uploader.js';
import { annotationRoutes } from './routes/annotations-routes.js';
import { chatRoutes } from './routes/chat-route.js';
import { conversationRoutes } from './routes/conversations-routes.js';
import { datasetRoutes } from './routes/datasets-routes.js';
import { answerRoutes } from './routes/answers-routes.js';
import { mcpRoutes } from './routes/mcp-route.js';
import { paperPdfRoutes } from './routes/paper-pdf-route.js';
import { paperRoutes } from './routes/papers-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { currentAnswerIndex } from './routes/request-validation.js';
import type { AnswerIndexSource } from './routes/request-validation.js';
import { suggestRoutes } from './routes/suggest-routes.js';
import { webAssetRoutes } from './web-assets.js';

export interface AppDependencies {
  store: Store;
  version: string;
  /** The API token and what needs it; the hosts this server answers to. */
  access: AccessOptions;
  /** Request limits; each one missing takes its default. */
  limits?: Partial<EdgeLimits>;
  /** Request, audit and error log (default: none). */
  logger?: Logger;
  /** Extra fields for GET /api/health (e.g. the server's event-loop delay). */
  runtimeHealth?: () => Record<string, unknown>;
  /**
   * The frame index for answers, in-paper search and suggestions (or a function returning it once
   * loaded); without it those routes answer 503 and annotations are embedded on the next load.
   */
  answers?: AnswerIndexSource;
  /**
   * The search for people's questions: GET /api/answers/search and GET /api/papers/:id/find
   * (default `answers`). `quarry serve` gives it hypothetical answers from a configured language
   * model; dataset citations, suggestions and annotations keep `answers`.
   */
  questionAnswers?: AnswerIndexSource;
  /** The chat agent; without it POST /api/chat is not served. */
  agent?: DatasetAgent;
  /** The dataset recommender; without it /api/datasets/* is not served. */
  recommender?: DatasetRecommender;
  /** Catalog browsing for GET /api/datasets. */
  browser?: CatalogBrowsing;
  /** Paper uploads for POST /api/papers; without it uploads are not served. */
  uploader?: PaperUploader;
  /**
   * Runs after DELETE /api/papers/:id removed a paper from the store: the server drops it from
   * its live answer index there (without it, the index keeps the paper until it is reloaded).
   */
  afterPaperDelete?: (paperId: string) => Promise<void>;
  /** The built web app's folder (apps/web/dist); without it only the API is served. */
  webRoot?: string;
  /** The MCP server at /mcp (served with the agent); without it /mcp is not served. */
  mcp?: McpOptions;
}

export interface McpOptions {
  /** Where links in results point (QUARRY_PUBLIC_URL); default: the address the request came to. */
  publicUrl?: string;
  /** Most characters of paper text one get_paper page holds. */
  pageCharacters: number;
  /** add_paper with an arXiv id: pulls it as `quarry pull arxiv` does (needs the internet). */
  addArxivPaper?: (reference: string) => Promise<AddedPapers>;
}

/** Seconds an MCP client waits before adding a paper again when all upload slots are taken. */
const mcpUploadRetryAfterSeconds = 5;

/** The address a request came to, for links when no public address is set. */
function originOf(request: Request | undefined): string {
  if (request === undefined) return 'http://127.0.0.1';
  const url = new URL(request.url);
  return `${url.protocol}//${request.headers.get('host') ?? url.host}`;
}

export function createApp(deps: AppDependencies): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  const limits: EdgeLimits = { ...defaultEdgeLimits, ...deps.limits };
  const logger = deps.logger ?? silentLogger;

  app.use(requestIdentity());
  app.use(requestLog({ logger }));
  app.use(securityHeaders());
  app.use(storableRequestText());
  app.use(crossSiteProtection({ allowedHosts: deps.access.allowedHosts }));
  app.use(accessControl(deps.access));
  const rateLimiters = createRateLimiters(limits);
  app.use(rateLimits(limits, undefined, rateLimiters));
  app.use(bodyLimits(limits));
  app.use(admission(createAdmissionGate(limits)));

  app.get('/api/health', async (context) => {
    const stats = await deps.store.stats();
    return context.json({
      status: 'ok',
      version: deps.version,
      database: deps.store.client.kind,
      ...stats,
      ...deps.runtimeHealth?.(),
    });
  });

  app.route('/', sessionRoutes(deps.access));
  const questionAnswers = deps.questionAnswers ?? deps.answers;
  app.route('/', answerRoutes({ answers: questionAnswers }));
  app.route(
    '/',
    paperRoutes({
      store: deps.store,
      ...(questionAnswers === undefined ? {} : { answers: questionAnswers }),
      ...(deps.uploader ? { uploader: deps.uploader } : {}),
      maxConcurrentUploads: limits.maxConcurrentUploads,
      maxPapersPerPage: limits.maxPapersPerPage,
      ...(deps.afterPaperDelete ? { afterDelete: deps.afterPaperDelete } : {}),
    }),
  );
  app.route('/', paperPdfRoutes({ store: deps.store }));
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
    app.route(
      '/',
      chatRoutes({ agent: deps.agent, conversations: deps.store.conversations, limits }),
    );
  app.route('/', conversationRoutes({ conversations: deps.store.conversations, limits }));
  if (deps.agent && deps.mcp) {
    const agent = deps.agent;
    const mcp = deps.mcp;
    const uploader = deps.uploader;
    const addArxivPaper = mcp.addArxivPaper;
    const uploads = createConcurrencyGate({
      limit: limits.maxConcurrentUploads,
      retryAfterSeconds: mcpUploadRetryAfterSeconds,
      what: 'paper uploads',
    });
    const handler = createQuarryMcpHttpHandler({
      version: deps.version,
      secret: deps.access.apiToken,
      log: logger,
      services: (request) =>
        createLocalServices({
          store: deps.store,
          agent: () => agent,
          answers: () => currentAnswerIndex(questionAnswers),
          citations: () => currentAnswerIndex(deps.answers),
          ...(uploader
            ? { uploadPaper: (file: UploadedFile) => uploads.run(() => uploader.upload(file)) }
            : {}),
          ...(addArxivPaper
            ? {
                addArxivPaper: (reference: string) => uploads.run(() => addArxivPaper(reference)),
              }
            : {}),
          links: createWebLinks(mcp.publicUrl ?? originOf(request)),
          pageCharacters: mcp.pageCharacters,
          maxConversationMessages: limits.maxConversationMessages,
          maxUploadBytes: limits.maxUploadBytes,
        }),
    });
    app.route('/', mcpRoutes({ handler, rateLimiters }));
  }

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
  app.onError((error, context) =>
    errorResponse(error, context, {
      logger,
      storageRetryAfterSeconds: limits.storageRetryAfterSeconds,
    }),
  );
  return app;
}
