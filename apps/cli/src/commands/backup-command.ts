/**
 * @module `quarry backup --out FILE`: the embedded database folder as one archive, taken under the
 * folder's lock (stop `quarry serve` on that folder first).
 */
import { backupEmbeddedDatabase } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import {
  databaseOption,
  jsonOption,
  parseCommandArgs,
  requireOption,
} from '../parse-command-args.js';
import { embeddedFolderOf } from './embedded-location.js';

const usage = 'quarry backup --out FILE [--db DIR] [--json]';

export const backupCommand: Command = {
  usage,
  summary: 'archive the embedded database folder into one file (.tar.gz)',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: { ...databaseOption, ...jsonOption, out: { type: 'string' } },
    });
    const outFile = requireOption({ value: values.out, name: 'out', usage });
    const directory = embeddedFolderOf({ location: values.db ?? context.settings.database, usage });
    const summary = await backupEmbeddedDatabase({ directory, outFile });
    if (values.json) {
      printJsonLine(context.io, { ...summary, out: outFile });
    } else {
      context.io.stdout(
        `${directory} -> ${outFile} (${summary.bytes} bytes: ${summary.datasets} datasets, ` +
          `${summary.papers} papers, ${summary.frames} frames)\n`,
      );
    }
    return 0;
  },
};
