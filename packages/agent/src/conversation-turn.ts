/**
 * @module One turn of a stored conversation, the same for every channel (the web chat, Slack): the
 * stored dialogue state is read, the agent answers the message, and the message, the reply and the
 * new state are appended. A conversation belongs to the client that started it; another may not
 * continue it, and a full conversation asks for a new one.
 */
import { AppError } from '@quarry/core';
import type { AgentTurn, DatasetAgent } from './dataset-agent.js';
import { emptyDialogueState, restoreDialogueState } from './dialogue-state.js';

/** What a turn needs of the conversation store (the store's ConversationRepository fits). */
export interface ConversationLog {
  get(id: string): Promise<{
    owner: string | null;
    state: Record<string, unknown>;
    messages: readonly unknown[];
  } | null>;
  append(options: {
    id: string;
    owner?: string;
    title?: string;
    state?: Record<string, unknown>;
    messages: { role: 'user' | 'assistant'; content: unknown }[];
  }): Promise<void>;
}

/** Characters of the first message kept as a conversation's title. */
const titleCharacters = 80;

export interface ConversationTurnOptions {
  agent: DatasetAgent;
  conversations: ConversationLog;
  id: string;
  /** Who is talking: becomes the owner of a new conversation. */
  owner: string;
  message: string;
  /** Whether this client may continue a conversation stored with `owner`. */
  mayContinue: (storedOwner: string | null) => boolean;
  /** Most messages a conversation may hold. */
  maxMessages: number;
  /** A new request is limited to datasets introduced by then (a caller's stated filter). */
  yearMax?: number;
  /** Return each step's output with the turn (the chat API's debug mode). */
  trace?: boolean;
}

export async function respondInConversation(options: ConversationTurnOptions): Promise<AgentTurn> {
  const stored = await options.conversations.get(options.id);
  if (stored && !options.mayContinue(stored.owner)) {
    throw new AppError({
      code: 'not_found',
      message: 'no such conversation',
      where: options.id.slice(0, 200),
    });
  }
  if ((stored?.messages.length ?? 0) + 2 > options.maxMessages) {
    throw new AppError({
      code: 'invalid_input',
      message: `this conversation has reached ${options.maxMessages} messages`,
      fix: 'start a new conversation',
      where: 'id',
    });
  }
  const state = restoreDialogueState(stored?.state) ?? emptyDialogueState();
  const turn = await options.agent.respond({
    state,
    message: options.message,
    ...(options.yearMax === undefined ? {} : { yearMax: options.yearMax }),
    ...(options.trace ? { trace: true } : {}),
  });
  await options.conversations.append({
    id: options.id,
    owner: options.owner,
    title: options.message.slice(0, titleCharacters),
    state: turn.state as unknown as Record<string, unknown>,
    messages: [
      { role: 'user', content: { text: options.message } },
      { role: 'assistant', content: turn.reply },
    ],
  });
  return turn;
}
