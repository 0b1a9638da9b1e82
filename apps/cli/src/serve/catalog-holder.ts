/**
 * @module Keeps a server's in-memory catalog current. Several servers share one PostgreSQL
 * database, and `quarry ingest datasets` / `quarry pull` write the catalog while they run: every
 * `intervalMs` the holder reads the catalog's version (a cheap query) and, when it changed, builds
 * a new catalog in the background and swaps it in at once. A request takes `current()` when it
 * starts, so requests in flight finish on the old catalog and the next one gets the new one. One
 * rebuild at a time; a failed one is logged and the old catalog stays.
 */
import type { DatasetCatalogVersion } from '@quarry/store';

export interface CatalogHolder<Catalog> {
  /** The catalog to serve this request from. */
  current(): Catalog;
  /**
   * Rebuilds when the catalog's version changed; a call while a refresh runs joins that one. Never
   * rejects: a failure keeps the old catalog.
   */
  refresh(): Promise<CatalogRefreshOutcome>;
  /** Stops polling; resolves once a refresh under way has finished. */
  stop(): Promise<void>;
}

export type CatalogRefreshOutcome = 'unchanged' | 'refreshed' | 'failed';

export function createCatalogHolder<Catalog>(options: {
  initial: { catalog: Catalog; version: DatasetCatalogVersion };
  readVersion: () => Promise<DatasetCatalogVersion>;
  /** Builds the catalog as the database holds it now (read after the version was). */
  build: () => Promise<Catalog>;
  /** Time between checks in ms; 0: never checks on its own (`refresh()` still works). */
  intervalMs: number;
  log: (line: string) => void;
  now?: () => number;
}): CatalogHolder<Catalog> {
  const { readVersion, build, log } = options;
  const now = options.now ?? (() => performance.now());
  let served = options.initial;
  let running: Promise<CatalogRefreshOutcome> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const rebuildIfChanged = async (): Promise<CatalogRefreshOutcome> => {
    const started = now();
    try {
      // The version is read before the rows: a write during the build changes the version again,
      // so the next check rebuilds once more rather than missing it.
      const version = await readVersion();
      if (version.mark === served.version.mark) return 'unchanged';
      const catalog = await build();
      const before = served.version.datasets;
      served = { catalog, version };
      const seconds = (now() - started) / 1000;
      log(
        `catalog refreshed: ${before} -> ${version.datasets} datasets in ${seconds.toFixed(2)} s`,
      );
      return 'refreshed';
    } catch (error) {
      log(
        `note: catalog refresh failed (${error instanceof Error ? error.message : String(error)}); still serving the ${served.version.datasets} datasets read before`,
      );
      return 'failed';
    }
  };

  const refresh = (): Promise<CatalogRefreshOutcome> => {
    running ??= rebuildIfChanged().finally(() => {
      running = null;
    });
    return running;
  };

  // The next check is timed from the end of the last one, so slow rebuilds never pile up.
  const schedule = () => {
    if (stopped || options.intervalMs <= 0) return;
    timer = setTimeout(() => {
      void refresh().then(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();

  return {
    current: () => served.catalog,
    refresh,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
