/**
 * @module `quarry model import DIR [--name NAME]`: converts a Model2Vec folder to an ONNX model
 * folder in the model cache, usable afterwards as `--model NAME` or by its folder path.
 */
import { basename, join, resolve } from 'node:path';
import { AppError } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage =
  'quarry model import DIR [--name NAME] [--json] | quarry model catalog-vectors [--catalog FILE] [--out FILE] [--model M] [--json]';

export const modelCommand: Command = {
  usage,
  summary:
    "import a Model2Vec folder as an ONNX model; write the catalog's dataset vectors ahead of time",
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        name: { type: 'string' },
        catalog: { type: 'string' },
        out: { type: 'string' },
        model: { type: 'string' },
        ...jsonOption,
      },
    });
    const [action, from] = positionals;
    if (action === 'catalog-vectors') {
      const { writeCatalogVectors } = await import('./catalog-vectors-command.js');
      return writeCatalogVectors({
        context,
        catalog: values.catalog,
        out: values.out,
        model: values.model,
        json: values.json,
      });
    }
    if (action !== 'import' || from === undefined) {
      throw new AppError({
        code: 'invalid_input',
        message: 'say `import` and a Model2Vec folder, or `catalog-vectors`',
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
