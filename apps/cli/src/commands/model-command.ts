/**
 * @module `quarry model import DIR [--name NAME]`: converts a Model2Vec folder to an ONNX model
 * folder in the model cache, usable afterwards as `--model NAME` or by its folder path.
 */
import { basename, join, resolve } from 'node:path';
import { AppError } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage = 'quarry model import DIR [--name NAME] [--json]';

export const modelCommand: Command = {
  usage,
  summary: 'import a Model2Vec folder as an ONNX model',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: { name: { type: 'string' }, ...jsonOption },
    });
    const [action, from] = positionals;
    if (action !== 'import' || from === undefined) {
      throw new AppError({
        code: 'invalid_input',
        message: 'say `import` and a Model2Vec folder',
        fix: `usage: ${usage}`,
      });
    }
    const { importModel2Vec } = await import('@quarry/encoder');
    const to = join(resolve(context.settings.modelCache), values.name ?? basename(resolve(from)));
    const summary = await importModel2Vec({ from: resolve(from), to });
    if (values.json) printJsonLine(context.io, summary);
    else context.io.stdout(`imported ${from} -> ${summary.directory}\n`);
    return 0;
  },
};
