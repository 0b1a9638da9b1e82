/**
 * @module POST /api/chat: one dialogue turn, streamed as AI SDK UI messages (what `useChat` reads):
 * the reply text as text parts, plus data parts for clarifying options (`data-clarify`), dataset
 * cards with their citations (`data-datasets`), the constraint lifted when none fit them all
 * (`data-relax`) and sentences answering a question about papers (`data-answers`). The dialogue state is stored with the conversation, so a conversation can be
 * resumed (conversations-routes.ts). A conversation belongs to the
 * client that started it: another client can neither read nor continue it (404, as if it did not
 * exist); the API token's holder may open the ones stored before owners existed.
 */
import { Hono } from 'hono';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { respondInConversation } from '@quarry/agent';
import type { DatasetAgent } from '@quarry/agent';
import type { Conversation, ConversationRepository } from '@quarry/store';
import type { EdgeEnv, EdgeVariables } from '../edge/edge-env.js';
import { assertStorable } from '../edge/storable-text.js';
import type { EdgeLimits } from '../edge/edge-options.js';

export interface ChatRouteDependencies {
  agent: DatasetAgent;
  conversations: ConversationRepository;
  limits: Pick<EdgeLimits, 'maxChatMessages' | 'maxMessageCharacters' | 'maxConversationMessages'>;
}

/** Parts of one message: enough for text, files and tool results, not unbounded. */
const maxPartsPerMessage = 100;

/** The longest conversation id a chat request may name. */
const maxConversationIdLength = 200;
const conversationIdRule = `the conversation id is required: a string of 1 to ${maxConversationIdLength} characters that names the conversation (the web chat makes one per conversation)`;

function chatRequestSchema(limits: ChatRouteDependencies['limits']) {
  return z.object({
    id: z
      .string({ error: conversationIdRule })
      .min(1, conversationIdRule)
      .max(maxConversationIdLength, conversationIdRule),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['user', 'assistant', 'system']),
            parts: z
              .array(
                z
                  .object({
                    type: z.string().max(100),
                    text: z
                      .string()
                      .max(
                        limits.maxMessageCharacters,
                        `a message may be at most ${limits.maxMessageCharacters} characters`,
                      )
                      .optional(),
                  })
                  .loose(),
              )
              .max(maxPartsPerMessage),
          })
          .loose(),
      )
      .min(1)
      .max(
        limits.maxChatMessages,
        `a chat request may carry at most ${limits.maxChatMessages} messages`,
      ),
  });
}

type ChatMessages = z.infer<ReturnType<typeof chatRequestSchema>>['messages'];

/** Owners of conversations started in Slack: `slack:<team>:<channel>`. */
export const slackOwnerPrefix = 'slack:';

/**
 * Whether `client` may read and continue `conversation`: its own; and, for a client holding the
 * API token, those stored before owners existed and Slack threads (which their channel sees anyway).
 */
export function ownsConversation(
  conversation: Pick<Conversation, 'owner'>,
  client: Pick<EdgeVariables, 'clientId' | 'authentication'>,
): boolean {
  if (conversation.owner === null || conversation.owner.startsWith(slackOwnerPrefix))
    return client.authentication !== null;
  return conversation.owner === client.clientId;
}

/** Words of a reply sent per text delta, so the first words reach the user at once. */
const wordsPerDelta = 4;

function lastUserText(messages: ChatMessages): string {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last)
    throw new AppError({
      code: 'invalid_input',
      message: 'the chat has no user message',
      where: 'messages',
    });
  return last.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('\n');
}

export function chatRoutes(deps: ChatRouteDependencies): Hono<EdgeEnv> {
  const routes = new Hono<EdgeEnv>();
  const schema = chatRequestSchema(deps.limits);

  routes.post('/api/chat', async (context) => {
    const body: unknown = await context.req.json().catch(() => null);
    assertStorable(body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AppError({
        code: 'invalid_input',
        message: `invalid chat request: ${parsed.error.issues[0]?.message ?? 'unreadable body'}`,
        where: parsed.error.issues[0]?.path.join('.') || 'body',
      });
    }
    const { id, messages } = parsed.data;
    const message = lastUserText(messages);
    if (message.length > deps.limits.maxMessageCharacters) {
      throw new AppError({
        code: 'invalid_input',
        message: `a message may be at most ${deps.limits.maxMessageCharacters} characters`,
        where: 'messages',
      });
    }
    const client = {
      clientId: context.get('clientId'),
      authentication: context.get('authentication'),
    };
    const turn = await respondInConversation({
      agent: deps.agent,
      conversations: deps.conversations,
      id,
      owner: client.clientId,
      message,
      mayContinue: (owner) => ownsConversation({ owner }, client),
      maxMessages: deps.limits.maxConversationMessages,
      // `?trace=1`: each step of the agent's turn (reading, state, ranking, decision) comes back
      // as a data-trace part, so a wrong turn can be seen where it was taken.
      trace: context.req.query('trace') === '1',
    });
    const stream = createUIMessageStream({
      execute: ({ writer }) => {
        const textId = 'reply';
        writer.write({ type: 'text-start', id: textId });
        const words = turn.reply.text.split(/(?<=\s)/);
        for (let index = 0; index < words.length; index += wordsPerDelta) {
          writer.write({
            type: 'text-delta',
            id: textId,
            delta: words.slice(index, index + wordsPerDelta).join(''),
          });
        }
        writer.write({ type: 'text-end', id: textId });
        if (turn.reply.kind === 'clarify') {
          writer.write({
            type: 'data-clarify',
            data: { slot: turn.reply.slot, options: turn.reply.options },
          });
        }
        if (turn.reply.kind === 'recommend') {
          writer.write({
            type: 'data-datasets',
            data: {
              datasets: turn.reply.datasets,
              ...(turn.reply.more ? { more: turn.reply.more } : {}),
            },
          });
          // No dataset fit every constraint: the one lifted, and the reply that lifts it.
          if (turn.reply.relaxed) writer.write({ type: 'data-relax', data: turn.reply.relaxed });
        }
        if (turn.reply.kind === 'answer') {
          writer.write({ type: 'data-answers', data: { answers: turn.reply.answers } });
        }
        if (turn.trace) writer.write({ type: 'data-trace', data: { steps: turn.trace } });
      },
    });
    return createUIMessageStreamResponse({ stream });
  });

  return routes;
}
