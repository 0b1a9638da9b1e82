/**
 * @module `quarry ingest datasets FILE…` and `quarry ingest papers PATH…`. Dataset files of
 * different sources merge into one catalog (see @quarry/ingest ingestDatasets).
 */
import { AppError } from '@quarry/core';
import { ingestDatasets, ingestPapers, summaryJson } from '@quarry/ingest';
import type { IngestSummary } from '@quarry/ingest';
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command, CommandContext } from '../command.js';
import { exitCodes } from '../exit-codes.js';
import { databaseOption, jsonOption, parseCommandArgs } from '../parse-command-args.js';
import { createProgressBar } from '../progress-bar.js';

const usage = 'quarry ingest datasets|papers PATH… [--db DIR|URL] [--json]';

function report(
  context: CommandContext,
  summary: IngestSummary,
  json: boolean,
  seconds: number,
): number {
  for (const error of summary.errors)
    context.io.stderr(`error: ${error.where}: ${error.message}\n`);
  const rate =
    summary.kind === 'papers' ? `, ${Math.round(summary.frames / seconds)} frames/s` : '';
  const merged =
    summary.kind === 'datasets' ? `, ${summary.merged} merged into datasets of other sources` : '';
  context.io.stderr(
    `${summary.records} ${summary.kind} (${summary.inserted} inserted, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.duplicates} repeated ids skipped${merged}), ` +
      `${summary.frames} frames, ${summary.errors.length} errors in ${seconds.toFixed(1)} s${rate}\n`,
  );
  if (json) printJsonLine(context.io, summaryJson(summary));
  return summary.errors.length > 0 ? exitCodes.partialFailure : exitCodes.success;
}

export const ingestCommand: Command = {
  usage,
  summary:
    'import dataset catalogs (JSON Lines, PwC datasets.json, CSV; sources merge) or papers (SciREX, S2ORC, QASPER, PDF)',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: { ...databaseOption, ...jsonOption },
    });
    const [kind, ...paths] = positionals;
    if ((kind !== 'datasets' && kind !== 'papers') || paths.length === 0) {
      throw new AppError({
        code: 'invalid_input',
        message: 'say what to ingest and from where',
        fix: `usage: ${usage}`,
      });
    }
    const store = await openStore({
      location: values.db ?? context.settings.database,
      connection: context.settings.databaseConnection,
    });
    const progress = createProgressBar({
      io: context.io,
      label: `ingest ${kind}`,
      logLineIntervalMs: context.settings.progressIntervalMs,
    });
    const startedAt = Date.now();
    try {
      const summary =
        kind === 'datasets'
          ? await ingestDatasets({
              store,
              files: paths,
              maxLineBytes: context.settings.maxLineBytes,
              onProgress: progress.update,
            })
          : await ingestPapers({ store, paths, onProgress: progress.update });
      progress.finish();
      return report(context, summary, values.json, (Date.now() - startedAt) / 1000);
    } finally {
      await store.close();
    }
  },
};
