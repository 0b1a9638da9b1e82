/**
 * @module GET /api/suggest (autocomplete: stored questions that start with `q`, then the nearest
 * questions by meaning) and GET /api/suggest/faq ("you may also want to know" for a frame or a
 * paper).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAnswerIndex, validQuery } from './request-validation.js';
import type { AnswerIndexSource } from './request-validation.js';

export interface SuggestRouteDependencies {
  answers?: AnswerIndexSource;
}

const maxQueryCharacters = 300;
const maxLimit = 20;

const suggestQuery = z.object({
  q: z.string().min(1, 'type the start of a question').max(maxQueryCharacters),
  paper: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(8),
});

const faqQuery = z
  .object({
    frame: z.string().trim().min(1).optional(),
    paper: z.string().trim().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(8),
  })
  .refine((query) => (query.frame === undefined) !== (query.paper === undefined), {
    message: 'give exactly one of frame or paper',
    path: ['frame'],
  });

export function suggestRoutes(deps: SuggestRouteDependencies): Hono {
  const routes = new Hono();

  routes.get('/api/suggest', async (context) => {
    const query = validQuery(context, suggestQuery);
    const index = requireAnswerIndex(deps.answers);
    const suggestions = await index.suggest({
      query: query.q,
      limit: query.limit,
      ...(query.paper ? { paperId: query.paper } : {}),
    });
    return context.json({ query: query.q, suggestions });
  });

  routes.get('/api/suggest/faq', async (context) => {
    const query = validQuery(context, faqQuery);
    const index = requireAnswerIndex(deps.answers);
    const questions = await index.faq({
      limit: query.limit,
      ...(query.frame ? { frameId: query.frame } : {}),
      ...(query.paper ? { paperId: query.paper } : {}),
    });
    return context.json({ questions });
  });

  return routes;
}
