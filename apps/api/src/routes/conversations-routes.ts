/**
 * @module The stored conversations of the asking client: GET /api/conversations (its history,
 * newest first), GET /api/conversations/:id (one, to resume it), PATCH /api/conversations/:id
 * (rename: `{ "title": "…" }`) and DELETE /api/conversations/:id. A conversation belongs to the
 * client that started it (see chat-route.ts): another client's id answers 404, as if it did not
 * exist, so renaming and deleting need no token — only ownership.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import type { ConversationRepository } from '@quarry/store';
import type { EdgeEnv } from '../edge/edge-env.js';
import type { EdgeLimits } from '../edge/edge-options.js';
import { ownsConversation } from './chat-route.js';
import { validJsonBody } from './request-validation.js';

export interface ConversationRouteDependencies {
  conversations: ConversationRepository;
  limits: Pick<EdgeLimits, 'maxConversationTitleCharacters'>;
}

/** The longest conversation id a client may name (the chat accepts no longer ones). */
const maxConversationIdCharacters = 200;

function noSuchConversation(id: string): AppError {
  return new AppError({
    code: 'not_found',
    message: 'no such conversation',
    where: id.slice(0, maxConversationIdCharacters),
  });
}

function renameSchema(maxTitleCharacters: number) {
  return z.object({
    title: z
      .string()
      .trim()
      .min(1, 'a title needs at least one character')
      .max(maxTitleCharacters, `a title may be at most ${maxTitleCharacters} characters`),
  });
}

export function conversationRoutes(deps: ConversationRouteDependencies): Hono<EdgeEnv> {
  const routes = new Hono<EdgeEnv>();
  const schema = renameSchema(deps.limits.maxConversationTitleCharacters);

  /** The conversation `id` when the asking client owns it; otherwise a 404. */
  const ownConversation = async (context: Context<EdgeEnv>, id: string) => {
    if (id.length > maxConversationIdCharacters) throw noSuchConversation(id);
    const conversation = await deps.conversations.get(id);
    const client = {
      clientId: context.get('clientId'),
      authentication: context.get('authentication'),
    };
    if (!conversation || !ownsConversation(conversation, client)) throw noSuchConversation(id);
    return conversation;
  };

  routes.get('/api/conversations', async (context) =>
    context.json({
      conversations: await deps.conversations.list({ owner: context.get('clientId') }),
    }),
  );

  routes.get('/api/conversations/:id', async (context) =>
    context.json(await ownConversation(context, context.req.param('id'))),
  );

  routes.patch('/api/conversations/:id', async (context) => {
    const conversation = await ownConversation(context, context.req.param('id'));
    const { title } = await validJsonBody(context, schema);
    if (!(await deps.conversations.rename(conversation.id, title)))
      throw noSuchConversation(conversation.id);
    return context.json({ id: conversation.id, title });
  });

  routes.delete('/api/conversations/:id', async (context) => {
    const conversation = await ownConversation(context, context.req.param('id'));
    if (!(await deps.conversations.remove(conversation.id)))
      throw noSuchConversation(conversation.id);
    return context.body(null, 204);
  });

  return routes;
}
