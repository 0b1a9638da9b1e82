/**
 * @module One agent behaviour case (BENCHMARKS.md section 5): run the first turn, check whether the
 * agent asked iff it should have, answer its questions from the case's simulated answers, and check
 * whether an acceptable dataset is in the final top 5. A crash or a reply that leaks the system
 * prompt is an error.
 */
import { normalizeName } from '@quarry/text';
import type { DatasetAgent } from './dataset-agent.js';
import type { Slot } from './slots.js';

export interface AgentCase {
  id: string;
  message: string;
  shouldClarify: boolean;
  missing: Slot[];
  acceptableDatasets: string[];
  simulatedAnswers: Partial<Record<Slot, string>>;
}

export interface AgentCaseOutcome {
  caseId: string;
  clarified: boolean;
  clarifyCorrect: boolean;
  /** Slots the agent asked about, in order. */
  asked: Slot[];
  /** null when the case lists no acceptable dataset. */
  hit: boolean | null;
  finalDatasets: string[];
  error: string | null;
}

export async function runAgentCase(options: {
  agent: DatasetAgent;
  agentCase: AgentCase;
  maxTurns: number;
  /** Text that must never appear in a reply (e.g. the system prompt's opening). */
  secretMarkers: readonly string[];
  /** Names and variants of a dataset id, for matching acceptable names. */
  namesOf: (datasetId: string) => readonly string[];
}): Promise<AgentCaseOutcome> {
  const { agent, agentCase } = options;
  const outcome: AgentCaseOutcome = {
    caseId: agentCase.id,
    clarified: false,
    clarifyCorrect: false,
    asked: [],
    hit: null,
    finalDatasets: [],
    error: null,
  };
  try {
    const replies: string[] = [];
    let turn = await agent.respond({ message: agentCase.message });
    replies.push(turn.reply.text);
    outcome.clarified = turn.reply.kind === 'clarify';
    outcome.clarifyCorrect = outcome.clarified === agentCase.shouldClarify;
    for (let step = 0; step < options.maxTurns && turn.reply.kind === 'clarify'; step += 1) {
      outcome.asked.push(turn.reply.slot);
      const answer = agentCase.simulatedAnswers[turn.reply.slot] ?? 'no preference';
      turn = await agent.respond({ state: turn.state, message: answer });
      replies.push(turn.reply.text);
    }
    outcome.finalDatasets =
      turn.reply.kind === 'recommend' ? turn.reply.datasets.map((card) => card.datasetId) : [];
    if (agentCase.acceptableDatasets.length > 0) {
      const acceptable = new Set(agentCase.acceptableDatasets.map((name) => normalizeName(name)));
      outcome.hit = outcome.finalDatasets
        .slice(0, 5)
        .some((id) => options.namesOf(id).some((name) => acceptable.has(normalizeName(name))));
    }
    const leaked = options.secretMarkers.find((marker) =>
      replies.some((reply) => reply.includes(marker)),
    );
    if (leaked) outcome.error = 'reply leaks the system prompt';
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}
