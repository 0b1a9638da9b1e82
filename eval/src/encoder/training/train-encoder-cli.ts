/**
 * @module Command-line entry for trainEncoder (`npm run train-encoder -w @quarry/eval -- --out-dir ...`),
 * until `quarry train encoder` wires the same function into the CLI. Progress goes to stderr.
 */
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import {
  defaultModelName,
  defaultSharedDataDirectory,
  shippedModelsDirectory,
} from '@quarry/encoder';
import { trainEncoder } from './train-encoder.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: defaultSharedDataDirectory() },
    'out-dir': { type: 'string', default: join(shippedModelsDirectory(), defaultModelName) },
    seed: { type: 'string', default: '42' },
    steps: { type: 'string' },
    minutes: { type: 'string' },
    'batch-size': { type: 'string' },
    dimension: { type: 'string' },
    'learning-rate': { type: 'string' },
    'stopword-scale': { type: 'string' },
    'similarity-scale': { type: 'string' },
    'source-weights': { type: 'string' },
    'wordnet-dir': { type: 'string' },
    'no-wordnet': { type: 'boolean', default: false },
    'no-evaluate': { type: 'boolean', default: false },
  },
});

const numberOption = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);
const optional = <Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): Partial<Record<Key, Value>> =>
  value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);

const result = await trainEncoder({
  dataDir: resolve(values['data-dir']),
  outDir: resolve(values['out-dir']),
  seed: Number(values.seed),
  ...optional('steps', numberOption(values.steps)),
  ...optional('minutes', numberOption(values.minutes)),
  ...optional('batchSize', numberOption(values['batch-size'])),
  ...optional('dimension', numberOption(values.dimension)),
  ...optional('learningRate', numberOption(values['learning-rate'])),
  ...optional('stopwordInitialScale', numberOption(values['stopword-scale'])),
  ...optional('similarityScale', numberOption(values['similarity-scale'])),
  ...(values['no-wordnet']
    ? { wordnetDirectory: null }
    : optional('wordnetDirectory', values['wordnet-dir'])),
  ...optional(
    'sourceWeights',
    values['source-weights'] === undefined
      ? undefined
      : Object.fromEntries(
          values['source-weights'].split(',').map((entry) => {
            const [name = '', weight = '0'] = entry.split('=');
            return [name, Number(weight)];
          }),
        ),
  ),
  evaluateHeldOut: !values['no-evaluate'],
  onProgress: (event) => {
    const parts = [
      `[${event.elapsedSeconds.toFixed(0).padStart(4)}s]`,
      event.phase,
      `${event.step}/${event.totalSteps}`,
      event.loss === undefined ? '' : `loss ${event.loss.toFixed(3)}`,
      event.accuracy === undefined ? '' : `acc ${event.accuracy.toFixed(3)}`,
      ...Object.entries(event.validation ?? {}).map(
        ([name, value]) => `${name} MRR ${value.toFixed(4)}`,
      ),
      event.message ?? '',
    ];
    process.stderr.write(`${parts.filter(Boolean).join(' ')}\n`);
  },
});

const summary = {
  outDir: result.outDir,
  stepsCompleted: result.stepsCompleted,
  stoppedByTimeCap: result.stoppedByTimeCap,
  trainingSeconds: Math.round(result.trainingSeconds),
  totalSeconds: Math.round(result.totalSeconds),
  modelBytes: result.modelBytes,
  validation: result.validation,
  heldOut: result.heldOutEvaluations.map(({ benchmark, evaluation }) => ({
    benchmark,
    textsPerSecond: Math.round(evaluation.textsPerSecond),
    results: evaluation.results.map((entry) =>
      [
        entry.method,
        entry.alpha ?? '',
        entry.meanReciprocalRank.toFixed(4),
        entry.recallAt5.toFixed(4),
      ].join(' '),
    ),
  })),
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
