/**
 * @module One multi-turn conversation case (BENCHMARKS.md section 5b): the user's turns are sent in
 * order through the same conversation code as `POST /api/chat` (respondInConversation, with the
 * state stored as JSON between turns, as a database would), whatever the agent answers in between;
 * after the last turn the top 5 must hold an acceptable dataset and no unacceptable one.
 */
import { normalizeName } from '@quarry/text';
import { respondInConversation } from './conversation-turn.js';
import type { ConversationLog } from './conversation-turn.js';
import type { DatasetAgent, TraceStep } from './dataset-agent.js';

export const conversationKinds = [
  'refine',
  'narrow',
  'widen',
  'switch',
  'correct',
  'language',
] as const;
export type ConversationKind = (typeof conversationKinds)[number];

export interface AgentConversationCase {
  id: string;
  turns: string[];
  /** Dataset ids or names, one of which must be in the final top 5. */
  acceptableFinal: string[];
  /** Dataset ids or names none of which may be in the final top 5. */
  unacceptableFinal: string[];
  kind: ConversationKind;
}

export interface AgentConversationOutcome {
  caseId: string;
  kind: ConversationKind;
  /** The reply kind of every turn, in order. */
  replies: string[];
  /** The last reply's text. */
  finalText: string;
  finalDatasets: string[];
  hitAcceptable: boolean;
  /** Unacceptable datasets found in the final top 5. */
  violations: string[];
  passed: boolean;
  error: string | null;
  /** Each turn's trace, when asked for (`quarry eval agent-cases --trace`). */
  traces?: TraceStep[][];
}

/** A conversation log in memory that stores states as JSON text, as the database does. */
export function createMemoryConversationLog(): ConversationLog {
  const conversations = new Map<
    string,
    { owner: string | null; state: string; messages: unknown[] }
  >();
  return {
    get(id) {
      const stored = conversations.get(id);
      if (!stored) return Promise.resolve(null);
      return Promise.resolve({
        owner: stored.owner,
        state: JSON.parse(stored.state) as Record<string, unknown>,
        messages: stored.messages,
      });
    },
    append({ id, owner, state, messages }) {
      const stored = conversations.get(id) ?? { owner: owner ?? null, state: '{}', messages: [] };
      conversations.set(id, {
        owner: stored.owner,
        state: state ? JSON.stringify(state) : stored.state,
        messages: [...stored.messages, ...messages],
      });
      return Promise.resolve();
    },
  };
}

export async function runAgentConversation(options: {
  agent: DatasetAgent;
  conversationCase: AgentConversationCase;
  /** Names and variants of a dataset id, for matching the case's names. */
  namesOf: (datasetId: string) => readonly string[];
  /** Most messages one conversation may hold. */
  maxMessages?: number;
  /** Keep each turn's trace (the agent's steps) in the outcome. */
  trace?: boolean;
}): Promise<AgentConversationOutcome> {
  const { agent, conversationCase } = options;
  const outcome: AgentConversationOutcome = {
    caseId: conversationCase.id,
    kind: conversationCase.kind,
    replies: [],
    finalText: '',
    finalDatasets: [],
    hitAcceptable: false,
    violations: [],
    passed: false,
    error: null,
  };
  const conversations = createMemoryConversationLog();
  const owner = 'benchmark';
  try {
    let datasets: string[] = [];
    for (const message of conversationCase.turns) {
      const turn = await respondInConversation({
        agent,
        conversations,
        id: conversationCase.id,
        owner,
        message,
        mayContinue: (stored) => stored === owner,
        maxMessages: options.maxMessages ?? 200,
        ...(options.trace ? { trace: true } : {}),
      });
      if (options.trace) (outcome.traces ??= []).push(turn.trace ?? []);
      outcome.replies.push(turn.reply.kind);
      outcome.finalText = turn.reply.text;
      datasets =
        turn.reply.kind === 'recommend' ? turn.reply.datasets.map((card) => card.datasetId) : [];
    }
    outcome.finalDatasets = datasets.slice(0, 5);
    const matches = (names: readonly string[]) => {
      const wanted = new Set(names.map((name) => normalizeName(name)));
      return outcome.finalDatasets.filter((id) =>
        options.namesOf(id).some((name) => wanted.has(normalizeName(name))),
      );
    };
    outcome.hitAcceptable = matches(conversationCase.acceptableFinal).length > 0;
    outcome.violations = matches(conversationCase.unacceptableFinal);
    outcome.passed = outcome.hitAcceptable && outcome.violations.length === 0;
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}
