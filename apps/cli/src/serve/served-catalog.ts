/**
 * @module What `quarry serve` builds from the dataset catalog (the recommender, the catalog browser
 * and the chat agent with its catalog map), and stand-ins for the routes and Slack that pass every
 * call to the catalog being served when the call starts, so catalog-holder.ts can swap in a
 * rebuilt catalog without rewiring the app.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createDatasetAgent } from '@quarry/agent';
import type { DatasetAgent } from '@quarry/agent';
import { AppError } from '@quarry/core';
import { buildCatalogBrowser, createDatasetRecommender } from '@quarry/recommender';
import type { CatalogBrowser, CatalogBrowsing, DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import type { DatasetChannels } from '../dataset-embedder.js';
import { createCatalogHolder } from './catalog-holder.js';
import type { CatalogHolder } from './catalog-holder.js';

export interface ServedCatalog {
  recommender: DatasetRecommender;
  browser: CatalogBrowser;
  agent: DatasetAgent;
}

/** What the routes, Slack and MCP are given: the browser may answer once the catalog is built. */
export interface FollowedCatalog extends Omit<ServedCatalog, 'browser'> {
  browser: CatalogBrowsing;
}

/** Everything the agent gets besides the catalog and its recommender. */
export type AgentCatalogFreeOptions = Omit<
  Parameters<typeof createDatasetAgent>[0],
  'recommender' | 'catalog'
>;

/**
 * Reads every dataset and builds the three. The recommender and the browser are built in slices
 * that yield to the event loop, so requests keep being answered while a refresh builds.
 */
export async function buildServedCatalog(options: {
  store: Store;
  /** The recommender's dense channels (none: lexical only). */
  dense: DatasetChannels;
  agent: AgentCatalogFreeOptions;
}): Promise<ServedCatalog> {
  const datasets = await options.store.datasets.all();
  await nextTurn();
  const recommender = await createDatasetRecommender({
    datasets,
    denseChannels: options.dense.channels,
    settings: options.dense.settings,
  });
  const browser = await buildCatalogBrowser(datasets);
  await nextTurn();
  const agent = createDatasetAgent({
    ...options.agent,
    recommender,
    catalog: new Map(datasets.map((dataset) => [dataset.id, dataset])),
  });
  await nextTurn();
  agent.prepare();
  return { recommender, browser, agent };
}

/** The served catalog while its first build may still run. */
export interface StartedCatalog {
  /** The catalog being served, once the first build is done. */
  whenReady(): Promise<ServedCatalog>;
  /** The catalog being served now; throws `unavailable` until the first build is done. */
  current(): ServedCatalog;
  stop(): Promise<void>;
}

/**
 * Starts building the catalog being served and keeps it current: every `intervalMs` (0: never) a
 * changed catalog is rebuilt in the background and swapped in (catalog-holder.ts). The first build
 * runs in the background too, so the server listens (and answers searches over papers) while it
 * builds; dataset requests wait for it.
 */
export async function startServedCatalog(options: {
  store: Store;
  dense: DatasetChannels;
  agent: AgentCatalogFreeOptions;
  intervalMs: number;
  log: (line: string) => void;
}): Promise<StartedCatalog> {
  const { store } = options;
  const build = () => buildServedCatalog(options);
  const version = await store.datasets.version();
  let holder: CatalogHolder<ServedCatalog> | null = null;
  const starting = build().then((catalog) => {
    holder = createCatalogHolder({
      initial: { catalog, version },
      readVersion: () => store.datasets.version(),
      build,
      intervalMs: options.intervalMs,
      log: options.log,
    });
    return holder;
  });
  starting.catch((error: unknown) => {
    options.log(`error: the dataset catalog could not be built: ${String(error)}`);
  });
  return {
    whenReady: async () => (await starting).current(),
    current() {
      if (holder === null) {
        throw new AppError({
          code: 'overloaded',
          message: 'the dataset catalog is still loading',
          fix: 'retry in a few seconds',
        });
      }
      return holder.current();
    },
    stop: async () => {
      const started = await starting.catch(() => null);
      await started?.stop();
    },
  };
}

/**
 * A recommender, browser and agent that each call the catalog being served when the call starts;
 * calls that return a promise wait for the first build.
 */
export function followServedCatalog(
  catalog: Pick<StartedCatalog, 'current' | 'whenReady'>,
): FollowedCatalog {
  const { current, whenReady } = catalog;
  return {
    recommender: {
      get size() {
        return current().recommender.size;
      },
      get settings() {
        return current().recommender.settings;
      },
      recommend: async (request) => (await whenReady()).recommender.recommend(request),
      rank: async (request) => (await whenReady()).recommender.rank(request),
      correctSpelling: (text) => current().recommender.correctSpelling(text),
      similarity: async (text, ids) => (await whenReady()).recommender.similarity(text, ids),
    },
    browser: { browse: async (request) => (await whenReady()).browser.browse(request) },
    agent: {
      respond: async (request) => (await whenReady()).agent.respond(request),
      effectiveQuery: (state) => current().agent.effectiveQuery(state),
      recommendNow: async (request) => (await whenReady()).agent.recommendNow(request),
      prepare: () => current().agent.prepare(),
    },
  };
}
