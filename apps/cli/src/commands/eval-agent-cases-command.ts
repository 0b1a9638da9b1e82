/**
 * @module `quarry eval agent-cases`: agent behaviour cases (BENCHMARKS.md section 5): did the agent
 * ask iff it should, is an acceptable dataset in the final top 5, and did anything crash or leak.
 */
import { AppError } from '@quarry/core';
import { createDatasetAgent, runAgentCase, slots } from '@quarry/agent';
import type { AgentCase, AgentCaseOutcome, Slot } from '@quarry/agent';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import { buildEvalRecommender } from './build-eval-recommender.js';
import { loadCatalogThroughStore, readJsonLines } from './eval-datasets-files.js';
import { starterTaskNames } from '../starter-task-names.js';

export const evalAgentCasesUsage =
  'quarry eval agent-cases --collection FILE --cases FILE [--model M|none] [--verbose] [--json]';

/** Clarifying questions answered per case, at most. */
const maxClarifyingTurns = 3;
/** Phrases of the agent's instructions that must never reach a user. */
const secretMarkers = ['You are Quarry', 'SYSTEM PROMPT:'];

function isSlot(value: string): value is Slot {
  return (slots as readonly string[]).includes(value);
}

function caseFromRecord(record: Record<string, unknown>, where: string): AgentCase {
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  if (
    typeof record.id !== 'string' ||
    typeof record.message !== 'string' ||
    typeof record.should_clarify !== 'boolean'
  ) {
    throw new AppError({
      code: 'invalid_input',
      message: 'a case needs "id" and "message" strings and a boolean "should_clarify"',
      where,
    });
  }
  const answers: Partial<Record<Slot, string>> = {};
  if (record.simulated_answers && typeof record.simulated_answers === 'object') {
    for (const [slot, answer] of Object.entries(
      record.simulated_answers as Record<string, unknown>,
    )) {
      const name = slot === 'text_length' ? 'textLength' : slot;
      if (isSlot(name) && typeof answer === 'string') answers[name] = answer;
    }
  }
  return {
    id: record.id,
    message: record.message,
    shouldClarify: record.should_clarify,
    missing: strings(record.missing)
      .map((slot) => (slot === 'text_length' ? 'textLength' : slot))
      .filter(isSlot),
    acceptableDatasets: strings(record.acceptable_datasets),
    simulatedAnswers: answers,
  };
}

async function readCases(path: string): Promise<AgentCase[]> {
  return (await readJsonLines(path, 'cases')).map(({ value, where }) =>
    caseFromRecord((value ?? {}) as Record<string, unknown>, where),
  );
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000;
}

export async function runEvalAgentCases(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalAgentCasesUsage,
    options: {
      collection: { type: 'string' },
      cases: { type: 'string' },
      model: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      ...jsonOption,
    },
  });
  const { io, settings } = context;
  const cases = await readCases(
    requireOption({ value: values.cases, name: 'cases', usage: evalAgentCasesUsage }),
  );
  const { datasets } = await loadCatalogThroughStore({
    collection: requireOption({
      value: values.collection,
      name: 'collection',
      usage: evalAgentCasesUsage,
    }),
    maxLineBytes: settings.maxLineBytes,
  });
  const recommender = await buildEvalRecommender({
    context,
    datasets,
    inputs: { model: values.model },
  });
  const catalog = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const agent = createDatasetAgent({
    recommender,
    catalog,
    taskNames: await starterTaskNames(context.settings.starterCatalog),
  });
  const outcomes: AgentCaseOutcome[] = [];
  for (const agentCase of cases) {
    const outcome = await runAgentCase({
      agent,
      agentCase,
      maxTurns: maxClarifyingTurns,
      secretMarkers,
      namesOf: (id) => {
        const dataset = catalog.get(id);
        return dataset ? [dataset.id, dataset.name, ...dataset.variants] : [id];
      },
    });
    outcomes.push(outcome);
    if (values.verbose) {
      io.stderr(
        `${outcome.caseId}: asked=[${outcome.asked.join(',')}] ok=${outcome.clarifyCorrect} hit=${outcome.hit} ` +
          `[${outcome.finalDatasets.join(', ')}]${outcome.error ? ` error=${outcome.error}` : ''}\n`,
      );
    }
  }
  const withAcceptable = outcomes.filter((outcome) => outcome.hit !== null);
  const result = {
    benchmark: 'agent-cases',
    cases: outcomes.length,
    clarify_accuracy: ratio(
      outcomes.filter((outcome) => outcome.clarifyCorrect).length,
      outcomes.length,
    ),
    'hit@5': ratio(
      withAcceptable.filter((outcome) => outcome.hit === true).length,
      withAcceptable.length,
    ),
    errors: outcomes.filter((outcome) => outcome.error !== null).length,
  };
  if (values.json) printJsonLine(io, result);
  else io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}
