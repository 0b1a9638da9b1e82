/**
 * @module `quarry stats`: what the database holds.
 */
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { databaseOption, jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage = 'quarry stats [--db DIR|URL] [--json]';

export const statsCommand: Command = {
  usage,
  summary: 'count datasets, papers, frames and questions',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: { ...databaseOption, ...jsonOption },
    });
    const store = await openStore({
      location: values.db ?? context.settings.database,
      connection: context.settings.databaseConnection,
    });
    try {
      const stats = await store.stats();
      if (values.json) {
        printJsonLine(context.io, stats);
      } else {
        context.io.stdout(
          `${store.client.location}\n  datasets  ${stats.datasets}\n  papers    ${stats.papers}\n` +
            `  frames    ${stats.frames}\n  questions ${stats.questions}\n`,
        );
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
