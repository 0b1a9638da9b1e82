/**
 * @module `quarry restore FILE [--force]`: an archive from `quarry backup` back into an embedded
 * database folder. The archive is checked first; a non-empty folder is only replaced with --force.
 */
import { AppError } from '@quarry/core';
import { restoreEmbeddedDatabase } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { databaseOption, jsonOption, parseCommandArgs } from '../parse-command-args.js';
import { embeddedFolderOf } from './embedded-location.js';

const usage = 'quarry restore FILE [--db DIR] [--force] [--json]';

export const restoreCommand: Command = {
  usage,
  summary: 'restore a `quarry backup` archive into the embedded database folder',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...databaseOption,
        ...jsonOption,
        force: { type: 'boolean', default: false },
      },
    });
    const archiveFile = positionals[0];
    if (archiveFile === undefined || positionals.length !== 1) {
      throw new AppError({
        code: 'invalid_input',
        message: 'name one backup file',
        fix: `usage: ${usage}`,
      });
    }
    const directory = embeddedFolderOf({ location: values.db ?? context.settings.database, usage });
    const summary = await restoreEmbeddedDatabase({
      archiveFile,
      directory,
      force: values.force,
      durability: context.settings.databaseConnection.durability,
    });
    if (values.json) {
      printJsonLine(context.io, { ...summary, db: directory });
    } else {
      context.io.stdout(
        `${archiveFile} -> ${directory} (${summary.datasets} datasets, ${summary.papers} papers, ` +
          `${summary.frames} frames)\n`,
      );
    }
    return 0;
  },
};
