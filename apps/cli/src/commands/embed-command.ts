/**
 * @module `quarry embed [--model M] TEXT… [--json]`: vectors from the configured encoder.
 */
import { AppError } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage = 'quarry embed [--model M] TEXT… [--json]';

export const embedCommand: Command = {
  usage,
  summary: 'embed texts with the encoder (default: the shipped model)',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: { model: { type: 'string' }, ...jsonOption },
    });
    if (positionals.length === 0) {
      throw new AppError({
        code: 'invalid_input',
        message: 'give at least one text',
        fix: `usage: ${usage}`,
      });
    }
    const { embedder } = await loadConfiguredEmbedder({
      settings: context.settings,
      io: context.io,
      model: values.model,
    });
    try {
      const vectors = await embedder.embed(positionals);
      const result = {
        model: embedder.modelId,
        dim: embedder.dimension,
        vectors: vectors.map((vector) => Array.from(vector)),
      };
      if (values.json) printJsonLine(context.io, result);
      else
        for (const [index, vector] of result.vectors.entries())
          context.io.stdout(
            `${positionals[index]}\t[${vector
              .slice(0, 4)
              .map((v) => v.toFixed(4))
              .join(', ')}, …] (${result.dim})\n`,
          );
      return 0;
    } finally {
      await embedder.close();
    }
  },
};
