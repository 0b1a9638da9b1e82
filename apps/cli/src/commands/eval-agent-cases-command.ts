/**
 * @module `quarry eval agent-cases`: agent behaviour cases (BENCHMARKS.md section 5): did the agent
 * ask iff it should, is an acceptable dataset in the final top 5, and did anything crash or leak;
 * and multi-turn conversations (section 5b): after the last turn, is an acceptable dataset in the
 * top 5 and no unacceptable one. Results are grouped by each case's `kind` where cases have one.
 */
import { createDatasetAgent, runAgentCase, runAgentConversation } from '@quarry/agent';
import type { AgentCaseOutcome, AgentConversationOutcome, DatasetAgent } from '@quarry/agent';
import type { Dataset } from '@quarry/core';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import { readAgentCaseRecords } from './agent-case-records.js';
import type { AgentCaseRecords } from './agent-case-records.js';
import { buildEvalRecommender } from './build-eval-recommender.js';
import { loadCatalogThroughStore } from './eval-datasets-files.js';
import { starterTaskNames } from '../starter-task-names.js';

export const evalAgentCasesUsage =
  'quarry eval agent-cases --collection FILE --cases FILE [--model M|none] [--verbose] [--trace] [--json]';

/** Clarifying questions answered per case, at most. */
const maxClarifyingTurns = 3;
/** Phrases of the agent's instructions that must never reach a user. */
const secretMarkers = ['You are Quarry', 'SYSTEM PROMPT:'];

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000;
}

/** `count` and the share that `passed` per kind, for the kinds present. */
function byKind<T>(
  items: readonly T[],
  kindOf: (item: T) => string | null,
  measures: Record<string, (group: readonly T[]) => number>,
): Record<string, Record<string, number>> | undefined {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const kind = kindOf(item);
    if (kind !== null) groups.set(kind, [...(groups.get(kind) ?? []), item]);
  }
  if (groups.size === 0) return undefined;
  return Object.fromEntries(
    [...groups].map(([kind, group]) => [
      kind,
      {
        count: group.length,
        ...Object.fromEntries(Object.entries(measures).map(([name, of]) => [name, of(group)])),
      },
    ]),
  );
}

async function firstMessageResult(options: {
  agent: DatasetAgent;
  cases: AgentCaseRecords['cases'];
  namesOf: (id: string) => readonly string[];
  log: ((line: string) => void) | null;
}) {
  const outcomes: (AgentCaseOutcome & { kind: string | null })[] = [];
  for (const agentCase of options.cases) {
    const outcome = await runAgentCase({
      agent: options.agent,
      agentCase,
      maxTurns: maxClarifyingTurns,
      secretMarkers,
      namesOf: options.namesOf,
    });
    outcomes.push({ ...outcome, kind: agentCase.kind });
    options.log?.(
      `${outcome.caseId}: asked=[${outcome.asked.join(',')}] ok=${outcome.clarifyCorrect} hit=${outcome.hit} ` +
        `[${outcome.finalDatasets.join(', ')}]${outcome.error ? ` error=${outcome.error}` : ''}`,
    );
  }
  const clarifyAccuracy = (group: readonly AgentCaseOutcome[]) =>
    ratio(group.filter((outcome) => outcome.clarifyCorrect).length, group.length);
  const hitAt5 = (group: readonly AgentCaseOutcome[]) => {
    const scored = group.filter((outcome) => outcome.hit !== null);
    return ratio(scored.filter((outcome) => outcome.hit === true).length, scored.length);
  };
  const kinds = byKind(outcomes, (outcome) => outcome.kind, {
    clarify_accuracy: clarifyAccuracy,
    'hit@5': hitAt5,
  });
  return {
    benchmark: 'agent-cases',
    cases: outcomes.length,
    clarify_accuracy: clarifyAccuracy(outcomes),
    'hit@5': hitAt5(outcomes),
    errors: outcomes.filter((outcome) => outcome.error !== null).length,
    ...(kinds ? { by_kind: kinds } : {}),
  };
}

async function conversationResult(options: {
  agent: DatasetAgent;
  conversations: AgentCaseRecords['conversations'];
  namesOf: (id: string) => readonly string[];
  log: ((line: string) => void) | null;
  /** Log each turn's trace of a conversation that fails (with `log`). */
  trace: boolean;
}) {
  const outcomes: AgentConversationOutcome[] = [];
  for (const conversationCase of options.conversations) {
    const outcome = await runAgentConversation({
      agent: options.agent,
      conversationCase,
      namesOf: options.namesOf,
      trace: options.trace,
    });
    outcomes.push(outcome);
    options.log?.(
      `${outcome.caseId} (${outcome.kind}): ${outcome.passed ? 'pass' : 'FAIL'} replies=[${outcome.replies.join(',')}] ` +
        `[${outcome.finalDatasets.join(', ')}]${outcome.violations.length > 0 ? ` violates=[${outcome.violations.join(', ')}]` : ''}` +
        `${outcome.error ? ` error=${outcome.error}` : ''} «${outcome.finalText.slice(0, 160)}»`,
    );
    if (!outcome.passed)
      for (const [index, steps] of (outcome.traces ?? []).entries())
        for (const step of steps) options.log?.(`  turn ${index + 1} ${JSON.stringify(step)}`);
  }
  const passRate = (group: readonly AgentConversationOutcome[]) =>
    ratio(group.filter((outcome) => outcome.passed).length, group.length);
  return {
    benchmark: 'agent-conversations',
    conversations: outcomes.length,
    pass_rate: passRate(outcomes),
    acceptable_rate: ratio(outcomes.filter((o) => o.hitAcceptable).length, outcomes.length),
    violation_rate: ratio(outcomes.filter((o) => o.violations.length > 0).length, outcomes.length),
    errors: outcomes.filter((outcome) => outcome.error !== null).length,
    by_kind: byKind(outcomes, (outcome) => outcome.kind, { pass_rate: passRate }) ?? {},
  };
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
      trace: { type: 'boolean', default: false },
      ...jsonOption,
    },
  });
  const { io, settings } = context;
  const records = await readAgentCaseRecords(
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
  const namesOf = (id: string) => {
    const dataset: Dataset | undefined = catalog.get(id);
    return dataset ? [dataset.id, dataset.name, ...dataset.variants] : [id];
  };
  const log = values.verbose ? (line: string) => io.stderr(`${line}\n`) : null;
  const results = [
    ...(records.cases.length > 0 || records.conversations.length === 0
      ? [await firstMessageResult({ agent, cases: records.cases, namesOf, log })]
      : []),
    ...(records.conversations.length > 0
      ? [
          await conversationResult({
            agent,
            conversations: records.conversations,
            namesOf,
            log,
            trace: values.trace,
          }),
        ]
      : []),
  ];
  for (const result of results) {
    if (values.json) printJsonLine(io, result);
    else io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  }
  return 0;
}
