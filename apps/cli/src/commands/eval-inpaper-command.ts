/**
 * @module `quarry eval inpaper`: natural-language Ctrl+F inside SciREX papers (docs/BENCHMARKS.md
 * section 3), with MRR / R@3 also split into questions that share most content words with their
 * gold sentence (`lexical`) and paraphrased ones.
 */
import { AppError } from '@quarry/core';
import { lexicalOverlapThreshold, runInPaperBenchmark } from '@quarry/eval';
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

export const evalInPaperUsage =
  'quarry eval inpaper --papers DIR --questions FILE [--model M] [--baseline bm25] ' +
  '[--generated-questions rule|none] [--alpha A] [--context-weight W] [--bm25-context-weight W] [--answer-type-weight W] [--question-lexical-weight W] [--word-match-weight W] [--section-preference-weight W] [--rerank-depth N] [--rerank-clear-score S] [--db postgres://…] [--json]';

export async function runEvalInPaper(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalInPaperUsage,
    options: {
      papers: { type: 'string' },
      questions: { type: 'string' },
      'generated-questions': { type: 'string', default: 'rule' },
      ...frameEvalOptions,
      ...jsonOption,
    },
  });
  const { io } = context;
  const papersDirectory = requireOption({
    value: values.papers,
    name: 'papers',
    usage: evalInPaperUsage,
  });
  const questionsFile = requireOption({
    value: values.questions,
    name: 'questions',
    usage: evalInPaperUsage,
  });
  const generated = values['generated-questions'];
  if (generated !== 'rule' && generated !== 'none') {
    throw new AppError({
      code: 'invalid_input',
      message: `--generated-questions must be rule or none, got "${generated}"`,
      fix: `usage: ${evalInPaperUsage}`,
    });
  }
  const system = evalSystem(values, evalInPaperUsage);
  const postgresServer = evalPostgresServer({ values, system, usage: evalInPaperUsage });
  const settings = settingOverrides({
    values,
    usage: evalInPaperUsage,
    alphaSetting: 'inPaperAlpha',
  });
  const startedAt = Date.now();
  const embedder = system === 'hybrid' ? await frameEvalEmbedder({ context, values }) : undefined;
  const result = await runInPaperBenchmark({
    papersDirectory,
    questionsFile,
    system,
    settings,
    generateRuleQuestions: generated === 'rule',
    ...(embedder ? { embedder } : {}),
    ...(postgresServer !== undefined ? { postgresServer } : {}),
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  if (result.unknownPapers > 0) {
    io.stderr(
      `warning: ${result.unknownPapers} questions name a paper that is not in ${papersDirectory}; they count as misses\n`,
    );
  }
  io.stderr(
    `${system}${result.backend ? ` (${result.backend})` : ''}: MRR ${result.MRR} R@1 ${result['R@1']} R@3 ${result['R@3']}; lexical MRR ${result.lexical.MRR} ` +
      `R@3 ${result.lexical['R@3']} (${result.lexical.questions}); paraphrased MRR ${result.paraphrased.MRR} ` +
      `R@3 ${result.paraphrased['R@3']} (${result.paraphrased.questions}) in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`,
  );
  const json = {
    benchmark: result.benchmark,
    questions: result.questions,
    MRR: result.MRR,
    'R@1': result['R@1'],
    'R@3': result['R@3'],
    lexical: {
      questions: result.lexical.questions,
      MRR: result.lexical.MRR,
      'R@3': result.lexical['R@3'],
    },
    paraphrased: {
      questions: result.paraphrased.questions,
      MRR: result.paraphrased.MRR,
      'R@3': result.paraphrased['R@3'],
    },
    lexical_overlap_threshold: lexicalOverlapThreshold,
    system: result.system,
    backend: result.backend,
    model: result.model,
    papers: result.papers,
  };
  if (values.json) printJsonLine(io, json);
  else io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  return 0;
}
