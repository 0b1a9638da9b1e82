/**
 * @module `quarry serve`: opens the database (ingesting the starter catalog into an empty one) and
 * serves the API until interrupted.
 */
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from '@quarry/api';
import { ingestDatasets } from '@quarry/ingest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import type { Command, CommandContext } from '../command.js';
import { databaseOption, parseCommandArgs } from '../parse-command-args.js';
import { quarryVersion } from '../version.js';

const usage = 'quarry serve [--db DIR|URL] [--port N] [--host ADDRESS]';

/** On first start the catalog is empty: import the starter catalog so the product is useful at once. */
async function ingestStarterCatalogIfEmpty(context: CommandContext, store: Store): Promise<void> {
  if ((await store.datasets.count()) > 0) return;
  const starter = context.settings.starterCatalog;
  if (!existsSync(starter)) {
    context.io.stderr(`note: empty catalog and no starter catalog at ${starter}\n`);
    return;
  }
  const summary = await ingestDatasets({
    store,
    files: [starter],
    maxLineBytes: context.settings.maxLineBytes,
  });
  context.io.stderr(
    `imported ${summary.records} starter datasets (${summary.errors.length} errors)\n`,
  );
}

export const serveCommand: Command = {
  usage,
  summary: 'start the API server (and the web app once built)',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: { ...databaseOption, port: { type: 'string' }, host: { type: 'string' } },
    });
    const store = await openStore({ location: values.db ?? context.settings.database });
    await ingestStarterCatalogIfEmpty(context, store);
    const app = createApp({ store, version: quarryVersion });
    const port = values.port === undefined ? context.settings.port : Number(values.port);
    const hostname = values.host ?? context.settings.host;
    const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
      context.io.stderr(
        `Quarry ${quarryVersion} listening on http://${hostname}:${info.port} (${store.client.location})\n`,
      );
    });
    await new Promise<void>((resolve) => {
      const stop = () => {
        server.close(() => resolve());
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await store.close();
    return 0;
  },
};
