/**
 * @module `quarry eval clarify`: the simulated-user clarification benchmark (BENCHMARKS.md
 * section 4). The agent recommends for each bare query ("before"), then may ask up to three
 * questions that a simulated user answers from the query's annotation fields ("after"). With
 * `--mask task` (section 4b) the annotated task phrase is taken out of each query that contains
 * it, and the unmasked query's score is reported beside before and after.
 */
import { AppError } from '@quarry/core';
import { createDatasetAgent, maskTask, simulateClarification } from '@quarry/agent';
import type { AnnotatedQuery, ClarifyOutcome } from '@quarry/agent';
import { evaluateRun, toTrecId } from '@quarry/eval';
import type { Qrels, RankedDocument } from '@quarry/eval';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import { buildEvalRecommender } from './build-eval-recommender.js';
import { loadCatalogThroughStore, readJsonLines, readQrelsFile } from './eval-datasets-files.js';
import { starterTaskNames } from '../starter-task-names.js';

export const evalClarifyUsage =
  'quarry eval clarify --collection FILE --queries FILE --qrels FILE [--mask task] [--model M|none] [--json]';

const benchmarkDepth = 5;
/** The simulated user answers at most this many questions per query. */
const maxClarifyingTurns = 3;

function percent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

function field(record: Record<string, unknown>, name: string): string {
  const value = record[name];
  return typeof value === 'string' ? value : '';
}

async function readAnnotatedQueries(path: string): Promise<AnnotatedQuery[]> {
  return (await readJsonLines(path, 'queries')).map(({ value, where }) => {
    const record = (value ?? {}) as Record<string, unknown>;
    const query = field(record, 'query');
    if (query === '')
      throw new AppError({ code: 'invalid_input', message: 'missing "query"', where });
    return {
      id: typeof record.id === 'string' ? record.id : toTrecId(query),
      text: query,
      year: typeof record.year === 'number' ? record.year : undefined,
      annotations: {
        task: field(record, 'task'),
        modality: field(record, 'modality'),
        domain: field(record, 'domain'),
        language: field(record, 'language'),
        textLength: field(record, 'text_length'),
      },
    };
  });
}

function runOf(
  outcomes: readonly ClarifyOutcome[],
  pick: 'before' | 'after',
): Map<string, RankedDocument[]> {
  return new Map(
    outcomes.map((outcome) => [
      outcome.queryId,
      outcome[pick].map((documentId, rank) => ({ documentId, score: benchmarkDepth - rank })),
    ]),
  );
}

export async function runEvalClarify(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalClarifyUsage,
    options: {
      collection: { type: 'string' },
      queries: { type: 'string' },
      qrels: { type: 'string' },
      model: { type: 'string' },
      mask: { type: 'string' },
      ...jsonOption,
    },
  });
  if (values.mask !== undefined && values.mask !== 'task') {
    throw new AppError({
      code: 'invalid_input',
      message: `--mask must be "task", got "${values.mask}"`,
      fix: `usage: ${evalClarifyUsage}`,
    });
  }
  const { io, settings } = context;
  const queries = await readAnnotatedQueries(
    requireOption({ value: values.queries, name: 'queries', usage: evalClarifyUsage }),
  );
  const qrels = await readQrelsFile(
    requireOption({ value: values.qrels, name: 'qrels', usage: evalClarifyUsage }),
  );
  const { datasets } = await loadCatalogThroughStore({
    collection: requireOption({
      value: values.collection,
      name: 'collection',
      usage: evalClarifyUsage,
    }),
    maxLineBytes: settings.maxLineBytes,
  });
  const recommender = await buildEvalRecommender({
    context,
    datasets,
    inputs: { model: values.model },
  });
  const agent = createDatasetAgent({
    recommender,
    catalog: new Map(datasets.map((dataset) => [dataset.id, dataset])),
    taskNames: await starterTaskNames(context.settings.starterCatalog),
    settings: { recommendCount: benchmarkDepth },
  });
  const simulate = async (list: readonly AnnotatedQuery[]): Promise<ClarifyOutcome[]> => {
    const outcomes: ClarifyOutcome[] = [];
    for (const [index, query] of list.entries()) {
      outcomes.push(await simulateClarification({ agent, query, maxTurns: maxClarifyingTurns }));
      if ((index + 1) % 50 === 0) io.stderr(`${index + 1}/${list.length} queries\n`);
    }
    return outcomes;
  };
  const scores = (outcomes: readonly ClarifyOutcome[], pick: 'before' | 'after', over: Qrels) => {
    const means = evaluateRun({
      run: runOf(outcomes, pick),
      qrels: over,
      depth: benchmarkDepth,
    }).means;
    return { MAP: percent(means.AP), MRR: percent(means.RR) };
  };
  let result: Record<string, unknown>;
  if (values.mask === 'task') {
    const masked = queries
      .map((query) => ({ original: query, masked: maskTask(query) }))
      .filter(
        (pair): pair is { original: AnnotatedQuery; masked: AnnotatedQuery } =>
          pair.masked !== null,
      );
    // Metrics over the masked subset only.
    const subsetIds = new Set(masked.map((pair) => toTrecId(pair.original.id)));
    const subsetQrels: Qrels = new Map([...qrels].filter(([queryId]) => subsetIds.has(queryId)));
    const unmaskedOutcomes = await simulate(masked.map((pair) => pair.original));
    const maskedOutcomes = await simulate(masked.map((pair) => pair.masked));
    const unmasked = scores(unmaskedOutcomes, 'before', subsetQrels);
    const before = scores(maskedOutcomes, 'before', subsetQrels);
    const after = scores(maskedOutcomes, 'after', subsetQrels);
    const gap = unmasked.MAP - before.MAP;
    const questions = maskedOutcomes.reduce((sum, outcome) => sum + outcome.asked.length, 0);
    result = {
      benchmark: 'clarify',
      mask: 'task',
      queries: masked.length,
      unmasked,
      before,
      after,
      recovery: gap === 0 ? 0 : Math.round(((after.MAP - before.MAP) / gap) * 1000) / 1000,
      asked_task:
        Math.round(
          (maskedOutcomes.filter((outcome) => outcome.asked.includes('task')).length /
            Math.max(masked.length, 1)) *
            1000,
        ) / 1000,
      mean_questions: Math.round((questions / Math.max(masked.length, 1)) * 100) / 100,
    };
  } else {
    const outcomes = await simulate(queries);
    const questions = outcomes.reduce((sum, outcome) => sum + outcome.asked.length, 0);
    const stated = outcomes.reduce((sum, outcome) => sum + outcome.askedWhenStated.length, 0);
    const askedBySlot: Record<string, number> = {};
    for (const outcome of outcomes)
      for (const slot of outcome.asked) askedBySlot[slot] = (askedBySlot[slot] ?? 0) + 1;
    result = {
      benchmark: 'clarify',
      queries: outcomes.length,
      before: scores(outcomes, 'before', qrels),
      after: scores(outcomes, 'after', qrels),
      mean_questions: Math.round((questions / Math.max(outcomes.length, 1)) * 100) / 100,
      asked_when_complete: percent(questions === 0 ? 0 : stated / questions),
      asked_by_slot: askedBySlot,
    };
  }
  if (values.json) printJsonLine(io, result);
  else io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}
