/**
 * @module Settings: the only module that reads the environment. Every setting has a name, a
 * default and a validation; everything else receives a `Settings` object.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultModelTimeoutMs } from '@quarry/agent/model-timeout';
import { defaultEdgeLimits } from '@quarry/api/edge-options';
import type { EdgeLimits } from '@quarry/api/edge-options';
import { AppError } from '@quarry/core';
import { pullSettings } from './settings-pull.js';
import type { PullSettings } from './settings-pull.js';

/** The repository root (this file lives in apps/cli/{src,dist}/). */
export { settingsHelp } from './settings-help.js';
export type { PullSettings, PullSourceLimits } from './settings-pull.js';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanSetting = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('')
  .transform((value) => value === '1' || value === 'true');

function positiveInteger(fallback: number) {
  return z.coerce.number().int().positive().default(fallback);
}

/** The most `quarry serve` worker processes (`--workers`, `QUARRY_SERVE_WORKERS`). */
export const maxServeWorkers = 32;

/** Bounds of `QUARRY_CATALOG_REFRESH_MS` (besides 0, off): not a busy loop, at least once a day. */
export const minCatalogRefreshMs = 100;
export const maxCatalogRefreshMs = 86_400_000;

const settingsSchema = z.object({
  QUARRY_DB: z.string().min(1).default('./.quarry/db'),
  QUARRY_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  QUARRY_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  QUARRY_DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  QUARRY_INDEX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  QUARRY_INDEX_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  QUARRY_DB_DURABILITY: z.enum(['full', 'relaxed']).default('full'),
  QUARRY_EMBEDDED_DB_THREAD: z.enum(['worker', 'main']).default('worker'),
  QUARRY_QUERY_EMBEDDING_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(1024),
  QUARRY_RERANK_DEPTH: z.coerce.number().int().min(0).max(100).default(10),
  QUARRY_HOST: z.string().min(1).default('127.0.0.1'),
  QUARRY_PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  QUARRY_SERVE_WORKERS: z.coerce.number().int().min(1).max(maxServeWorkers).default(1),
  QUARRY_CATALOG_REFRESH_MS: z.coerce
    .number()
    .int()
    .max(maxCatalogRefreshMs)
    .refine(
      (value) => value === 0 || value >= minCatalogRefreshMs,
      `QUARRY_CATALOG_REFRESH_MS must be 0 (off) or at least ${minCatalogRefreshMs}`,
    )
    .default(30_000),
  QUARRY_MODEL: z.string().min(1).default('default'),
  QUARRY_DATASET_MODEL: z
    .string()
    .min(1)
    .default('quarry-static-v2=0.5+e5-small-v2-datasets-q=0.3'),
  QUARRY_DATASET_FUSION: z.enum(['scores', 'ranks']).default('scores'),
  QUARRY_MODEL_CACHE: z.string().min(1).default('./.quarry/models'),
  QUARRY_HUB_URL: z.string().url().default('https://huggingface.co'),
  QUARRY_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  QUARRY_ENCODER_THREAD: z.enum(['worker', 'main']).default('worker'),
  QUARRY_ENCODER_BATCH: z.coerce.number().int().min(1).max(256).default(8),
  QUARRY_SCAN_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  QUARRY_SHARED_DATA: z.string().min(1).default(resolve(repositoryRoot, '../shared/data')),
  QUARRY_STARTER_CATALOG: z
    .string()
    .min(1)
    .default(resolve(repositoryRoot, 'data/starter/datasets.jsonl')),
  QUARRY_FIRST_START_CATALOG: z
    .string()
    .min(1)
    .default(resolve(repositoryRoot, 'data/catalog/datasets.jsonl.gz')),
  QUARRY_CATALOG_VECTORS: z
    .string()
    .min(1)
    .default(
      ['datasets.vectors', 'datasets.static.vectors', 'datasets.e5-datasets.vectors']
        .map((file) => resolve(repositoryRoot, 'data/catalog', file))
        .join(','),
    )
    .transform((value) =>
      value
        .split(',')
        .map((file) => file.trim())
        .filter((file) => file !== ''),
    ),
  QUARRY_EVAL_VECTORS: z.string().min(1).default('./.quarry/eval-vectors'),
  QUARRY_MAX_LINE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  QUARRY_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  QUARRY_MAX_KEPT_PDF_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 * 1024),
  QUARRY_WEB_ROOT: z.string().min(1).default(resolve(repositoryRoot, 'apps/web/dist')),
  QUARRY_PROGRESS_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  QUARRY_LLM: z.enum(['local', 'openai', 'ollama']).default('local'),
  QUARRY_LLM_BASE_URL: z.string().url().optional(),
  QUARRY_LLM_API_KEY: z.string().optional(),
  QUARRY_LLM_MODEL: z.string().optional(),
  QUARRY_HYDE: z.enum(['on', 'off']).default('on'),
  QUARRY_DEBUG: booleanSetting,
  QUARRY_API_TOKEN: z
    .string()
    .min(16, 'QUARRY_API_TOKEN must be at least 16 characters')
    .optional(),
  QUARRY_API_TOKEN_FILE: z.string().min(1).default('./.quarry/api-token'),
  QUARRY_TRUST_NETWORK: booleanSetting,
  QUARRY_ALLOWED_HOSTS: z.string().default(''),
  QUARRY_MAX_JSON_BODY_BYTES: positiveInteger(defaultEdgeLimits.maxJsonBodyBytes),
  QUARRY_MAX_CHAT_BODY_BYTES: positiveInteger(defaultEdgeLimits.maxChatBodyBytes),
  QUARRY_MAX_CHAT_MESSAGES: positiveInteger(defaultEdgeLimits.maxChatMessages),
  QUARRY_MAX_MESSAGE_CHARS: positiveInteger(defaultEdgeLimits.maxMessageCharacters),
  QUARRY_MAX_CONVERSATION_MESSAGES: positiveInteger(defaultEdgeLimits.maxConversationMessages),
  QUARRY_MAX_CONVERSATION_TITLE_CHARS: positiveInteger(
    defaultEdgeLimits.maxConversationTitleCharacters,
  ),
  QUARRY_MAX_CONCURRENT_UPLOADS: positiveInteger(defaultEdgeLimits.maxConcurrentUploads),
  QUARRY_MAX_ACTIVE_REQUESTS: positiveInteger(defaultEdgeLimits.maxActiveRequests),
  QUARRY_MAX_QUEUED_REQUESTS: z.coerce
    .number()
    .int()
    .min(0)
    .default(defaultEdgeLimits.maxQueuedRequests),
  QUARRY_MAX_QUEUE_WAIT_MS: positiveInteger(defaultEdgeLimits.maxQueueWaitMs),
  QUARRY_MAX_PAPERS_PER_PAGE: positiveInteger(defaultEdgeLimits.maxPapersPerPage),
  QUARRY_PAPER_DELETES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(defaultEdgeLimits.paperDeletesPerMinute),
  QUARRY_CHAT_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(defaultEdgeLimits.chatRequestsPerMinute),
  QUARRY_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(defaultEdgeLimits.searchRequestsPerMinute),
  QUARRY_LLM_TIMEOUT_MS: positiveInteger(defaultModelTimeoutMs),
  QUARRY_SHUTDOWN_TIMEOUT_MS: positiveInteger(10_000),
  QUARRY_REQUEST_LOG: z.enum(['auto', 'human', 'json', 'off']).default('auto'),
  QUARRY_SLOW_REQUEST_MS: positiveInteger(1000),
  QUARRY_PUBLIC_URL: z.string().url().optional(),
  QUARRY_MCP_PAGE_CHARS: z.coerce.number().int().min(500).max(200_000).default(8000),
  QUARRY_PULL_FOLDER: z.string().min(1).default('./.quarry/pull'),
  QUARRY_PWC_ARCHIVE_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/)
    .default('pwc-archive/datasets'),
  QUARRY_PWC_ARCHIVE_FILE: z.string().min(1).default('data/train-00000-of-00001.parquet'),
  QUARRY_ARXIV_API_URL: z.string().url().default('https://export.arxiv.org/api/query'),
  QUARRY_ARXIV_PDF_URL: z.string().url().default('https://arxiv.org/pdf'),
  QUARRY_ARXIV_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
  QUARRY_HUB_INTERVAL_MS: z.coerce.number().int().min(0).default(500),
  QUARRY_PULL_RETRIES: z.coerce.number().int().min(0).max(100).default(5),
  QUARRY_PULL_MAX_RETRY_WAIT_MS: positiveInteger(300_000),
  QUARRY_PULL_TIMEOUT_MS: positiveInteger(120_000),
  QUARRY_PULL_MAX_FILE_BYTES: positiveInteger(2 * 1024 * 1024 * 1024),
  QUARRY_HUB_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  QUARRY_ARXIV_BATCH_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  SLACK_BOT_TOKEN: z.string().min(1).optional(),
  SLACK_APP_TOKEN: z.string().min(1).optional(),
  SLACK_API_URL: z.string().url().optional(),
  QUARRY_SLACK_ARXIV_OFFERS: z.enum(['unfurl', 'thread', 'off']).default('unfurl'),
  QUARRY_SLACK_MAX_ARXIV_LINKS: z.coerce.number().int().min(1).max(10).default(3),
  QUARRY_SLACK_HOME_THREADS: z.coerce.number().int().min(1).max(20).default(10),
});

export interface Settings {
  /** PGlite data directory or postgres:// URL (`QUARRY_DB`, `--db`). */
  database: string;
  /** How the database is opened: PostgreSQL pool and timeouts, embedded durability. */
  databaseConnection: {
    /** Longest wait for a PostgreSQL connection, in ms. */
    connectTimeoutMs: number;
    /** PostgreSQL statement_timeout in ms (0: none). */
    statementTimeoutMs: number;
    /** Maximum pooled PostgreSQL connections. */
    poolSize: number;
    /** Embedded database: `full` fsyncs every commit, `relaxed` does not. */
    durability: 'full' | 'relaxed';
    /** Embedded database: on a worker thread of its own (default) or on the main thread. */
    embeddedThread: 'worker' | 'main';
    /** `quarry index` on PostgreSQL: runs in all while the database is unavailable, first wait. */
    indexAttempts: number;
    indexRetryDelayMs: number;
  };
  /** Query vectors a server remembers (QUARRY_QUERY_EMBEDDING_CACHE; 0: none). */
  queryEmbeddingCacheEntries: number;
  /**
   * In-paper find's best hits the model's cross-encoder reorders (QUARRY_RERANK_DEPTH; 0: off;
   * frames' inPaperRerankDepth, decision 0016).
   */
  rerankDepth: number;
  host: string;
  port: number;
  /** `quarry serve` processes sharing the port; more than one needs PostgreSQL. */
  serveWorkers: number;
  /** How often `serve` checks the dataset catalog for changes and rebuilds (ms; 0: never). */
  catalogRefreshMs: number;
  /** Embedding model: `default`, a folder, or a hub id (`QUARRY_MODEL`, `--model`). */
  model: string;
  /**
   * The dataset recommender's dense channels (`QUARRY_DATASET_MODEL`): a model spec, or `same` for
   * the answer model, or several joined by `+`, each with an optional weight
   * (`quarry-static-v2=0.4+same=0.1`; dataset-embedder.ts). The default is the static model
   * beside e5-small-v2 fine-tuned here on dataset requests (decision 0017): DataFinder dev MAP
   * 32.8, against 30.8 for the static model alone and 26.3 for e5-small-v2 as shipped.
   */
  datasetModel: string;
  /**
   * How the recommender mixes BM25 with its dense channels (`QUARRY_DATASET_FUSION`): max-normalised
   * scores, or weighted reciprocal ranks (relevance-fusion.ts).
   */
  datasetFusion: 'scores' | 'ranks';
  /** Where downloaded and imported models are kept. */
  modelCache: string;
  /** Base URL of the model hub (for users with internet; tests serve a fixture). */
  hubUrl: string | undefined;
  /** Cores the encoder uses: the intra-op threads each batch is split between. */
  threads: number;
  /** Where the encoder runs: a worker thread of its own (off the event loop) or the main thread. */
  encoderThread: 'worker' | 'main';
  /** Texts per encoder run (smaller batches are faster on CPU and let a query in sooner). */
  encoderBatch: number;
  /** `quarry serve`'s vector-scan worker threads (0: scans on the event loop's thread). */
  scanWorkers: number;
  sharedData: string;
  /** The hand-written catalog: the task names the agent knows come from it. */
  starterCatalog: string;
  /** The catalog imported into an empty database on first start (the shipped one by default). */
  firstStartCatalog: string;
  /** Dataset passage vectors made ahead of time for the shipped catalog (`quarry model catalog-vectors`). */
  catalogVectors: string[];
  /** Folder of dataset passage vectors the dataset benchmarks keep between runs (`none`: off). */
  evalVectors: string;
  /** Longest accepted JSON Lines line in bytes. */
  maxLineBytes: number;
  /** Largest paper accepted by POST /api/papers, in bytes. */
  maxUploadBytes: number;
  /** Largest PDF kept beside its paper for the reader to show as printed, in bytes (0: none). */
  maxKeptPdfBytes: number;
  /** The built web app served by `quarry serve`. */
  webRoot: string;
  /** Interval of plain progress lines when stderr is not a terminal. */
  progressIntervalMs: number;
  /** The agent's language model: local templates (default), an OpenAI-compatible API, or Ollama. */
  languageModel: {
    provider: 'local' | 'openai' | 'ollama';
    baseUrl?: string;
    apiKey?: string;
    model?: string;
  };
  /**
   * With a remote language model (`openai`, `ollama`): answer and in-paper search also search with
   * a hypothetical answer sentence the model writes (HyDE; `QUARRY_HYDE`, default on). Never with
   * `local`: the offline path is the default and what the benchmarks measure.
   */
  hypotheticalAnswers: boolean;
  debug: boolean;
  /** The API token (`QUARRY_API_TOKEN`); without it `serve` uses one kept in `apiTokenFile`. */
  apiToken: string | undefined;
  /** Where `serve` keeps a generated token when none is set (loopback or a trusted network). */
  apiTokenFile: string;
  /** Serve beyond loopback without a token for reads (`QUARRY_TRUST_NETWORK`, `--trust-network`). */
  trustNetwork: boolean;
  /** Host names the server answers to besides loopback and its own; `any` turns the check off. */
  allowedHosts: string[] | 'any';
  /** Request limits of the HTTP edge. */
  limits: EdgeLimits;
  /** Longest wait for a remote language model before the local wording is used. */
  languageModelTimeoutMs: number;
  /** How long `serve` waits for requests in flight on SIGTERM before it closes anyway. */
  shutdownTimeoutMs: number;
  /**
   * `json`: one log line per request on standard error; `human`: a short line per failed or slow
   * request and per error; `auto`: human on a terminal, JSON otherwise; `off`: none.
   */
  requestLog: 'auto' | 'human' | 'json' | 'off';
  /** Requests at least this slow (ms) get a line in the human log. */
  slowRequestMs: number;
  /** The web app's public address (links from Slack and MCP results; its host is allowed). */
  publicUrl: string | undefined;
  /** Most characters of paper text one MCP get_paper page holds. */
  mcpPageCharacters: number;
  /** `quarry pull`: where it keeps downloads and checkpoints, its sources and their limits. */
  pull: PullSettings;
  /** The Slack app, when its signing secret and bot token are set. */
  slack: SlackSettings | undefined;
}

export interface SlackSettings {
  signingSecret: string;
  botToken: string;
  appToken?: string;
  apiUrl?: string;
  /** arXiv links get their offer as an unfurl, a thread reply, or not at all. */
  arxivOffers: 'unfurl' | 'thread' | 'off';
  /** Links of one message that get an offer. */
  maxArxivLinksPerMessage: number;
  /** Threads the App Home lists. */
  homeRecentThreads: number;
}

/** `a.example, b.example` -> names; `*` -> any host. */
function parseAllowedHosts(value: string): string[] | 'any' {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.includes('*') ? 'any' : names;
}

export function loadSettings(environment: Record<string, string | undefined>): Settings {
  const parsed = settingsSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError({
      code: 'invalid_input',
      message: `invalid setting: ${issue?.message ?? 'unknown problem'}`,
      where: String(issue?.path[0] ?? 'environment'),
      fix: 'see the settings table in README.md',
    });
  }
  const values = parsed.data;
  return {
    database: values.QUARRY_DB,
    databaseConnection: {
      connectTimeoutMs: values.QUARRY_DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: values.QUARRY_DB_STATEMENT_TIMEOUT_MS,
      poolSize: values.QUARRY_DB_POOL_SIZE,
      durability: values.QUARRY_DB_DURABILITY,
      embeddedThread: values.QUARRY_EMBEDDED_DB_THREAD,
      indexAttempts: values.QUARRY_INDEX_ATTEMPTS,
      indexRetryDelayMs: values.QUARRY_INDEX_RETRY_DELAY_MS,
    },
    queryEmbeddingCacheEntries: values.QUARRY_QUERY_EMBEDDING_CACHE,
    rerankDepth: values.QUARRY_RERANK_DEPTH,
    host: values.QUARRY_HOST,
    port: values.QUARRY_PORT,
    serveWorkers: values.QUARRY_SERVE_WORKERS,
    catalogRefreshMs: values.QUARRY_CATALOG_REFRESH_MS,
    model: values.QUARRY_MODEL,
    datasetModel: values.QUARRY_DATASET_MODEL,
    datasetFusion: values.QUARRY_DATASET_FUSION,
    modelCache: values.QUARRY_MODEL_CACHE,
    hubUrl: values.QUARRY_HUB_URL,
    threads: values.QUARRY_THREADS,
    encoderThread: values.QUARRY_ENCODER_THREAD,
    encoderBatch: values.QUARRY_ENCODER_BATCH,
    scanWorkers: values.QUARRY_SCAN_WORKERS,
    sharedData: values.QUARRY_SHARED_DATA,
    starterCatalog: values.QUARRY_STARTER_CATALOG,
    firstStartCatalog: values.QUARRY_FIRST_START_CATALOG,
    catalogVectors: values.QUARRY_CATALOG_VECTORS,
    evalVectors: values.QUARRY_EVAL_VECTORS,
    maxLineBytes: values.QUARRY_MAX_LINE_BYTES,
    maxUploadBytes: values.QUARRY_MAX_UPLOAD_BYTES,
    maxKeptPdfBytes: values.QUARRY_MAX_KEPT_PDF_BYTES,
    webRoot: values.QUARRY_WEB_ROOT,
    progressIntervalMs: values.QUARRY_PROGRESS_INTERVAL_MS,
    languageModel: {
      provider: values.QUARRY_LLM,
      ...(values.QUARRY_LLM_BASE_URL ? { baseUrl: values.QUARRY_LLM_BASE_URL } : {}),
      ...(values.QUARRY_LLM_API_KEY ? { apiKey: values.QUARRY_LLM_API_KEY } : {}),
      ...(values.QUARRY_LLM_MODEL ? { model: values.QUARRY_LLM_MODEL } : {}),
    },
    hypotheticalAnswers: values.QUARRY_HYDE === 'on',
    debug: values.QUARRY_DEBUG,
    apiToken: values.QUARRY_API_TOKEN,
    apiTokenFile: values.QUARRY_API_TOKEN_FILE,
    trustNetwork: values.QUARRY_TRUST_NETWORK,
    allowedHosts: parseAllowedHosts(values.QUARRY_ALLOWED_HOSTS),
    limits: {
      ...defaultEdgeLimits,
      maxJsonBodyBytes: values.QUARRY_MAX_JSON_BODY_BYTES,
      maxChatBodyBytes: values.QUARRY_MAX_CHAT_BODY_BYTES,
      maxUploadBytes: values.QUARRY_MAX_UPLOAD_BYTES,
      maxChatMessages: values.QUARRY_MAX_CHAT_MESSAGES,
      maxMessageCharacters: values.QUARRY_MAX_MESSAGE_CHARS,
      maxConversationMessages: values.QUARRY_MAX_CONVERSATION_MESSAGES,
      maxConversationTitleCharacters: values.QUARRY_MAX_CONVERSATION_TITLE_CHARS,
      maxConcurrentUploads: values.QUARRY_MAX_CONCURRENT_UPLOADS,
      maxActiveRequests: values.QUARRY_MAX_ACTIVE_REQUESTS,
      maxQueuedRequests: values.QUARRY_MAX_QUEUED_REQUESTS,
      maxQueueWaitMs: values.QUARRY_MAX_QUEUE_WAIT_MS,
      maxPapersPerPage: values.QUARRY_MAX_PAPERS_PER_PAGE,
      paperDeletesPerMinute: values.QUARRY_PAPER_DELETES_PER_MINUTE,
      chatRequestsPerMinute: values.QUARRY_CHAT_RATE_LIMIT_PER_MINUTE,
      searchRequestsPerMinute: values.QUARRY_RATE_LIMIT_PER_MINUTE,
    },
    languageModelTimeoutMs: values.QUARRY_LLM_TIMEOUT_MS,
    shutdownTimeoutMs: values.QUARRY_SHUTDOWN_TIMEOUT_MS,
    requestLog: values.QUARRY_REQUEST_LOG,
    slowRequestMs: values.QUARRY_SLOW_REQUEST_MS,
    publicUrl: values.QUARRY_PUBLIC_URL,
    mcpPageCharacters: values.QUARRY_MCP_PAGE_CHARS,
    pull: pullSettings(values),
    slack:
      values.SLACK_SIGNING_SECRET && values.SLACK_BOT_TOKEN
        ? {
            signingSecret: values.SLACK_SIGNING_SECRET,
            botToken: values.SLACK_BOT_TOKEN,
            ...(values.SLACK_APP_TOKEN ? { appToken: values.SLACK_APP_TOKEN } : {}),
            ...(values.SLACK_API_URL ? { apiUrl: values.SLACK_API_URL } : {}),
            arxivOffers: values.QUARRY_SLACK_ARXIV_OFFERS,
            maxArxivLinksPerMessage: values.QUARRY_SLACK_MAX_ARXIV_LINKS,
            homeRecentThreads: values.QUARRY_SLACK_HOME_THREADS,
          }
        : undefined,
  };
}
