/**
 * @module The case files of `quarry eval agent-cases`, read record by record: first-message cases
 * (BENCHMARKS.md section 5: `message`, `should_clarify`, …, and an optional `kind` such as
 * "non-english" or "misspelled" that the report groups by) and multi-turn conversations (section
 * 5b: `turns`, `acceptable_final`, `unacceptable_final`, `kind`). A file may hold either or both.
 */
import { AppError } from '@quarry/core';
import { conversationKinds, slots } from '@quarry/agent';
import type { AgentCase, AgentConversationCase, ConversationKind, Slot } from '@quarry/agent';
import { readJsonLines } from './eval-datasets-files.js';

export interface AgentCaseRecords {
  cases: (AgentCase & { kind: string | null })[];
  conversations: AgentConversationCase[];
}

function isSlot(value: string): value is Slot {
  return (slots as readonly string[]).includes(value);
}

function isConversationKind(value: unknown): value is ConversationKind {
  return typeof value === 'string' && (conversationKinds as readonly string[]).includes(value);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const slotName = (name: string) => (name === 'text_length' ? 'textLength' : name);

function caseFromRecord(
  record: Record<string, unknown>,
  where: string,
): AgentCaseRecords['cases'][number] {
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
      const name = slotName(slot);
      if (isSlot(name) && typeof answer === 'string') answers[name] = answer;
    }
  }
  return {
    id: record.id,
    message: record.message,
    shouldClarify: record.should_clarify,
    missing: strings(record.missing).map(slotName).filter(isSlot),
    acceptableDatasets: strings(record.acceptable_datasets),
    simulatedAnswers: answers,
    kind: typeof record.kind === 'string' ? record.kind : null,
  };
}

function conversationFromRecord(
  record: Record<string, unknown>,
  where: string,
): AgentConversationCase {
  const turns = strings(record.turns);
  if (typeof record.id !== 'string' || turns.length === 0 || !Array.isArray(record.turns)) {
    throw new AppError({
      code: 'invalid_input',
      message: 'a conversation needs an "id" string and "turns", a non-empty list of messages',
      where,
    });
  }
  if (!isConversationKind(record.kind)) {
    throw new AppError({
      code: 'invalid_input',
      message: `a conversation's "kind" must be one of ${conversationKinds.join(', ')}`,
      where: `${where} (kind)`,
    });
  }
  return {
    id: record.id,
    turns,
    acceptableFinal: strings(record.acceptable_final),
    unacceptableFinal: strings(record.unacceptable_final),
    kind: record.kind,
  };
}

export async function readAgentCaseRecords(path: string): Promise<AgentCaseRecords> {
  const records: AgentCaseRecords = { cases: [], conversations: [] };
  for (const { value, where } of await readJsonLines(path, 'cases')) {
    const record = (value ?? {}) as Record<string, unknown>;
    if ('turns' in record) records.conversations.push(conversationFromRecord(record, where));
    else records.cases.push(caseFromRecord(record, where));
  }
  return records;
}
