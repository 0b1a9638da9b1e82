/**
 * @module `quarry train encoder`: trains the default static-embedding encoder from ../shared/data
 * and the WordNet database (deterministic for a seed) and writes the ONNX model, tokenizer and
 * model card.
 */
import { join, resolve } from 'node:path';
import { AppError } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage =
  'quarry train encoder [--out DIR] [--seed N] [--steps N] [--minutes N] [--wordnet DIR|none] [--json]';

function optionalNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new AppError({
      code: 'invalid_input',
      message: `--${name} must be a positive number`,
      fix: `usage: ${usage}`,
    });
  }
  return number;
}

export const trainCommand: Command = {
  usage,
  summary: 'train the default encoder (about 6 to 10 minutes on 2 cores)',
  async run(context) {
    const { values, positionals } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        out: { type: 'string' },
        seed: { type: 'string', default: '42' },
        steps: { type: 'string' },
        minutes: { type: 'string' },
        wordnet: { type: 'string' },
        ...jsonOption,
      },
    });
    if (positionals[0] !== 'encoder') {
      throw new AppError({
        code: 'invalid_input',
        message: 'only `train encoder` exists',
        fix: `usage: ${usage}`,
      });
    }
    const encoder = await import('@quarry/encoder');
    const { trainEncoder } = await import('@quarry/eval/encoder-training');
    const steps = optionalNumber(values.steps, 'steps');
    const minutes = optionalNumber(values.minutes, 'minutes');
    const result = await trainEncoder({
      dataDir: resolve(context.settings.sharedData),
      outDir: resolve(
        values.out ?? join(encoder.shippedModelsDirectory(), encoder.defaultModelName),
      ),
      seed: Number(values.seed),
      ...(steps === undefined ? {} : { steps }),
      ...(minutes === undefined ? {} : { minutes }),
      ...(values.wordnet === undefined
        ? {}
        : { wordnetDirectory: values.wordnet === 'none' ? null : resolve(values.wordnet) }),
      evaluateHeldOut: true,
      onProgress: (event) =>
        context.io.stderr(
          `[${event.elapsedSeconds.toFixed(0)} s] ${event.phase} ${event.step}/${event.totalSteps}` +
            `${event.loss === undefined ? '' : ` loss ${event.loss.toFixed(3)}`}${event.message ? ` ${event.message}` : ''}\n`,
        ),
    });
    const summary = {
      outDir: result.outDir,
      steps: result.stepsCompleted,
      trainingSeconds: Math.round(result.trainingSeconds),
      modelBytes: result.modelBytes,
      finalLoss: result.finalLoss,
    };
    if (values.json) printJsonLine(context.io, summary);
    else context.io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  },
};
