/**
 * @module `quarry export annotations`: the users' annotations as a SQuAD v1.1 JSON file (one
 * article per paper, `answer_start` relative to each paragraph), to a file or to stdout.
 */
import { writeFile } from 'node:fs/promises';
import { AppError } from '@quarry/core';
import { exportAnnotationsAsSquad } from '@quarry/frames';
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { databaseOption, jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage = 'quarry export annotations [--db DIR|URL] [--paper ID] [--out FILE] [--json]';

export const exportCommand: Command = {
  usage,
  summary: 'export annotations as SQuAD-format JSON',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...databaseOption,
        ...jsonOption,
        paper: { type: 'string' },
        out: { type: 'string' },
      },
    });
    if (positionals[0] !== 'annotations' || positionals.length !== 1) {
      throw new AppError({
        code: 'invalid_input',
        message: 'say what to export',
        fix: `usage: ${usage}`,
      });
    }
    const store = await openStore({
      location: values.db ?? context.settings.database,
      connection: context.settings.databaseConnection,
    });
    try {
      const squad = await exportAnnotationsAsSquad({
        store,
        ...(values.paper === undefined ? {} : { paperId: values.paper }),
      });
      const questions = squad.data.reduce(
        (sum, article) =>
          sum + article.paragraphs.reduce((count, paragraph) => count + paragraph.qas.length, 0),
        0,
      );
      const summary = {
        annotations: questions,
        papers: squad.data.length,
        out: values.out ?? null,
      };
      if (values.out === undefined) {
        context.io.stdout(`${JSON.stringify(squad)}\n`);
      } else {
        await writeFile(values.out, `${JSON.stringify(squad, null, 2)}\n`);
        context.io.stderr(
          `${questions} annotations from ${squad.data.length} papers written to ${values.out}\n`,
        );
        if (values.json) printJsonLine(context.io, summary);
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};
