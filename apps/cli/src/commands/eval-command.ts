/**
 * @module `quarry eval …`: the benchmark runners of docs/BENCHMARKS.md, one subcommand each.
 */
import { AppError } from '@quarry/core';
import type { Command } from '../command.js';
import { evalAgentCasesUsage, runEvalAgentCases } from './eval-agent-cases-command.js';
import { evalClarifyUsage, runEvalClarify } from './eval-clarify-command.js';
import { evalDatasetsUsage, runEvalDatasets } from './eval-datasets-command.js';
import { evalAnswersUsage, runEvalAnswers } from './eval-answers-command.js';
import { evalInPaperUsage, runEvalInPaper } from './eval-inpaper-command.js';
import { evalPdfsUsage, runEvalPdfs } from './eval-pdfs-command.js';

const subcommands = {
  datasets: { usage: evalDatasetsUsage, run: runEvalDatasets },
  answers: { usage: evalAnswersUsage, run: runEvalAnswers },
  inpaper: { usage: evalInPaperUsage, run: runEvalInPaper },
  pdfs: { usage: evalPdfsUsage, run: runEvalPdfs },
  clarify: { usage: evalClarifyUsage, run: runEvalClarify },
  'agent-cases': { usage: evalAgentCasesUsage, run: runEvalAgentCases },
} satisfies Record<string, Pick<Command, 'usage' | 'run'>>;

const usage = Object.values(subcommands)
  .map((subcommand) => subcommand.usage)
  .join('\n       ');

export const evalCommand: Command = {
  usage,
  summary: 'run a benchmark on a throw-away index and print its metrics (see docs/BENCHMARKS.md)',
  async run(context) {
    const [name, ...args] = context.args;
    const subcommand =
      name !== undefined && Object.hasOwn(subcommands, name)
        ? subcommands[name as keyof typeof subcommands]
        : undefined;
    if (subcommand === undefined) {
      throw new AppError({
        code: 'invalid_input',
        message: `unknown benchmark "${name ?? ''}"`,
        fix: `usage: ${usage}`,
      });
    }
    return subcommand.run({ ...context, args });
  },
};
