/**
 * @module The simulated-user clarification benchmark (BENCHMARKS.md section 4): for each query the
 * agent first recommends for the bare request ("before"); then it may ask up to three questions,
 * each answered from the query's annotation fields (an empty field answers "no preference"), and
 * its final list is scored ("after"). Also counts questions about slots the query already stated.
 */
import { analyze } from '@quarry/text';
import type { DatasetAgent } from './dataset-agent.js';
import type { Slot } from './slots.js';

export interface AnnotatedQuery {
  id: string;
  text: string;
  year: number | undefined;
  /** The annotation fields, by slot ('' when not annotated). */
  annotations: Record<Slot, string>;
}

export interface ClarifyOutcome {
  queryId: string;
  before: string[];
  after: string[];
  asked: Slot[];
  /** Asked slots whose annotated value the query text already contains. */
  askedWhenStated: Slot[];
}

/** The query states a slot when most content words of its annotated value occur in it. */
export function queryStates(options: { query: string; value: string }): boolean {
  const valueTerms = new Set(analyze(options.value));
  if (valueTerms.size === 0) return false;
  const queryTerms = new Set(analyze(options.query));
  let shared = 0;
  for (const term of valueTerms) if (queryTerms.has(term)) shared += 1;
  return shared / valueTerms.size >= 0.5;
}

export async function simulateClarification(options: {
  agent: DatasetAgent;
  query: AnnotatedQuery;
  /** Questions the simulated user answers at most. */
  maxTurns: number;
}): Promise<ClarifyOutcome> {
  const { agent, query } = options;
  const yearOption = query.year === undefined ? {} : { yearMax: query.year };
  const bare = await agent.respond({ message: query.text, ...yearOption });
  const before = await agent.recommendNow({ state: bare.state });
  let turn = bare;
  const asked: Slot[] = [];
  for (let step = 0; step < options.maxTurns && turn.reply.kind === 'clarify'; step += 1) {
    const slot = turn.reply.slot;
    asked.push(slot);
    const answer = query.annotations[slot].trim() || 'no preference';
    turn = await agent.respond({ state: turn.state, message: answer });
  }
  const after =
    turn.reply.kind === 'recommend'
      ? turn.reply.datasets.map((card) => card.datasetId)
      : await agent.recommendNow({ state: turn.state });
  return {
    queryId: query.id,
    before,
    after,
    asked,
    askedWhenStated: asked.filter((slot) => {
      const value = query.annotations[slot];
      return value.trim() !== '' && queryStates({ query: query.text, value });
    }),
  };
}
