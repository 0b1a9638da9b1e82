/**
 * @module `quarry eval answers`: sentence answer retrieval on SQuAD (ReQA; docs/BENCHMARKS.md
 * section 2) with the frame index, or the plain BM25 baseline, on a throw-away database.
 */
import { runReqaBenchmark } from '@quarry/eval';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import {
  evalPostgresServer,
  evalSystem,
  frameEvalEmbedder,
  frameEvalOptions,
  settingOverrides,
} from './eval-frames-options.js';

export const evalAnswersUsage =
  'quarry eval answers --squad FILE [--model M] [--baseline bm25] [--alpha A] [--context-weight W] ' +
  '[--bm25-context-weight W] [--answer-type-weight W] [--question-lexical-weight W] [--word-match-weight W] [--section-preference-weight W] [--max-scoped-papers N] [--db postgres://…] [--json]';

export async function runEvalAnswers(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalAnswersUsage,
    options: { squad: { type: 'string' }, ...frameEvalOptions, ...jsonOption },
  });
  const { io } = context;
  const squadFile = requireOption({ value: values.squad, name: 'squad', usage: evalAnswersUsage });
  const system = evalSystem(values, evalAnswersUsage);
  const postgresServer = evalPostgresServer({ values, system, usage: evalAnswersUsage });
  const settings = settingOverrides({ values, usage: evalAnswersUsage, alphaSetting: 'alpha' });
  const startedAt = Date.now();
  const embedder = system === 'hybrid' ? await frameEvalEmbedder({ context, values }) : undefined;
  const result = await runReqaBenchmark({
    squadFile,
    system,
    settings,
    ...(embedder ? { embedder } : {}),
    ...(postgresServer !== undefined ? { postgresServer } : {}),
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  io.stderr(
    `${system}${result.backend ? ` (${result.backend})` : ''}: MRR ${result.MRR} R@1 ${result['R@1']} R@5 ${result['R@5']} R@10 ${result['R@10']} ` +
      `over ${result.questions} questions in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`,
  );
  const json = {
    benchmark: result.benchmark,
    sentences: result.sentences,
    questions: result.questions,
    MRR: result.MRR,
    'R@1': result['R@1'],
    'R@5': result['R@5'],
    'R@10': result['R@10'],
    system: result.system,
    backend: result.backend,
    model: result.model,
  };
  if (values.json) printJsonLine(io, json);
  else io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  return 0;
}
