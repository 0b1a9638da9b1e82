/**
 * @module What `quarry serve` builds from the dataset catalog (the recommender, the catalog browser
 * and the chat agent with its catalog map), and stand-ins for the routes and Slack that pass every
 * call to the catalog being served when the call starts, so catalog-holder.ts can swap in a
 * rebuilt catalog without rewiring the app.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createDatasetAgent } from '@quarry/agent';
import type { DatasetAgent } from '@quarry/agent';
import type { Embedder } from '@quarry/core';
import { buildCatalogBrowser, createDatasetRecommender } from '@quarry/recommender';
import type { CatalogBrowser, DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import { createCatalogHolder } from './catalog-holder.js';
import type { CatalogHolder } from './catalog-holder.js';

export interface ServedCatalog {
  recommender: DatasetRecommender;
  browser: CatalogBrowser;
  agent: DatasetAgent;
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
  embedder: Embedder | null;
  agent: AgentCatalogFreeOptions;
}): Promise<ServedCatalog> {
  const datasets = await options.store.datasets.all();
  await nextTurn();
  const recommender = await createDatasetRecommender({
    datasets,
    ...(options.embedder ? { embedder: options.embedder } : {}),
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

/**
 * Builds the catalog being served now and keeps it current: every `intervalMs` (0: never) a
 * changed catalog is rebuilt in the background and swapped in (catalog-holder.ts).
 */
export async function startServedCatalog(options: {
  store: Store;
  embedder: Embedder | null;
  agent: AgentCatalogFreeOptions;
  intervalMs: number;
  log: (line: string) => void;
}): Promise<CatalogHolder<ServedCatalog>> {
  const { store } = options;
  const build = () => buildServedCatalog(options);
  const version = await store.datasets.version();
  return createCatalogHolder({
    initial: { catalog: await build(), version },
    readVersion: () => store.datasets.version(),
    build,
    intervalMs: options.intervalMs,
    log: options.log,
  });
}

/** A recommender, browser and agent that each call the catalog `current()` returns then. */
export function followServedCatalog(current: () => ServedCatalog): ServedCatalog {
  return {
    recommender: {
      get size() {
        return current().recommender.size;
      },
      get settings() {
        return current().recommender.settings;
      },
      recommend: (request) => current().recommender.recommend(request),
      rank: (request) => current().recommender.rank(request),
      correctSpelling: (text) => current().recommender.correctSpelling(text),
    },
    browser: { browse: (request) => current().browser.browse(request) },
    agent: {
      respond: (request) => current().agent.respond(request),
      effectiveQuery: (state) => current().agent.effectiveQuery(state),
      recommendNow: (request) => current().agent.recommendNow(request),
      prepare: () => current().agent.prepare(),
    },
  };
}
