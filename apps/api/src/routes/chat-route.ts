/**
 * @module POST /api/chat: one dialogue turn, streamed as AI SDK UI messages (what `useChat` reads):
 * the reply text as text parts, plus data parts for clarifying options (`data-clarify`), dataset
 * cards with their citations (`data-datasets`) and sentences answering a question about papers
 * (`data-answers`). The dialogue state is stored with the conversation,
 * so a conversation can be resumed (GET /api/conversations/:id).
 */
import { Hono } from 'hono';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { emptyDialogueState } from '@quarry/agent';
import type { DatasetAgent, DialogueState } from '@quarry/agent';
import type { ConversationRepository } from '@quarry/store';

export interface ChatRouteDependencies {
  agent: DatasetAgent;
  conversations: ConversationRepository;
}

const chatRequestSchema = z.object({
  id: z.string().min(1).max(200),
  messages: z
    .array(
      z
        .object({
          role: z.enum(['user', 'assistant', 'system']),
          parts: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()),
        })
        .loose(),
    )
    .min(1),
});

/** Words of a reply sent per text delta, so the first words reach the user at once. */
const wordsPerDelta = 4;

function lastUserText(messages: z.infer<typeof chatRequestSchema>['messages']): string {
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

function isDialogueState(value: unknown): value is DialogueState {
  return typeof value === 'object' && value !== null && 'constraints' in value && 'asked' in value;
}

export function chatRoutes(deps: ChatRouteDependencies): Hono {
  const routes = new Hono();

  routes.post('/api/chat', async (context) => {
    const parsed = chatRequestSchema.safeParse(await context.req.json().catch(() => null));
    if (!parsed.success) {
      throw new AppError({
        code: 'invalid_input',
        message: `invalid chat request: ${parsed.error.issues[0]?.message ?? 'unreadable body'}`,
        where: parsed.error.issues[0]?.path.join('.') || 'body',
      });
    }
    const { id, messages } = parsed.data;
    const message = lastUserText(messages);
    const stored = await deps.conversations.get(id);
    const state = isDialogueState(stored?.state) ? stored.state : emptyDialogueState();
    const turn = await deps.agent.respond({ state, message });
    await deps.conversations.append({
      id,
      title: message.slice(0, 80),
      state: turn.state as unknown as Record<string, unknown>,
      messages: [
        { role: 'user', content: { text: message } },
        { role: 'assistant', content: turn.reply },
      ],
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
          writer.write({ type: 'data-datasets', data: { datasets: turn.reply.datasets } });
        }
        if (turn.reply.kind === 'answer') {
          writer.write({ type: 'data-answers', data: { answers: turn.reply.answers } });
        }
      },
    });
    return createUIMessageStreamResponse({ stream });
  });

  routes.get('/api/conversations', async (context) =>
    context.json({ conversations: await deps.conversations.list() }),
  );

  routes.get('/api/conversations/:id', async (context) => {
    const conversation = await deps.conversations.get(context.req.param('id'));
    if (!conversation) {
      throw new AppError({
        code: 'not_found',
        message: 'no such conversation',
        where: context.req.param('id'),
      });
    }
    return context.json(conversation);
  });

  return routes;
}
