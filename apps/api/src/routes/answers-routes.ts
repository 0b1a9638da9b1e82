/**
 * @module GET /api/answers/search: sentence answers from every indexed paper (the SOCO frame index:
 * cos max-pooled over a frame's vectors + alpha * BM25), optionally limited to papers, a section
 * or a year range.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { FrameFilter } from '@quarry/frames';
import { requireAnswerIndex, validQuery } from './request-validation.js';
import type { AnswerIndexSource } from './request-validation.js';

export interface AnswerRouteDependencies {
  answers?: AnswerIndexSource;
}

/** Longest `q` accepted; the index's own `maxQueryCharacters` setting also applies. */
const maxQueryCharacters = 1000;
const maxLimit = 100;

const searchQuery = z.object({
  q: z.string().trim().min(1, 'type a question').max(maxQueryCharacters),
  /** One paper id, or several separated by commas. */
  paper: z.string().trim().min(1).optional(),
  section: z.string().trim().min(1).optional(),
  /** `2019` or `2017-2019`. */
  year: z
    .string()
    .regex(/^\d{4}(-\d{4})?$/, 'use a year such as 2019 or a range such as 2017-2019')
    .optional(),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(10),
});

function filterOf(query: z.infer<typeof searchQuery>): FrameFilter {
  const filter: FrameFilter = {};
  if (query.paper)
    filter.paperIds = query.paper
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  if (query.section) filter.section = query.section;
  if (query.year) {
    const [from = '', to = from] = query.year.split('-');
    filter.yearFrom = Number(from);
    filter.yearTo = Number(to);
  }
  return filter;
}

export function answerRoutes(deps: AnswerRouteDependencies): Hono {
  const routes = new Hono();
  routes.get('/api/answers/search', async (context) => {
    const query = validQuery(context, searchQuery);
    const index = requireAnswerIndex(deps.answers);
    const result = await index.search({
      query: query.q,
      limit: query.limit,
      filter: filterOf(query),
    });
    return context.json(result);
  });
  return routes;
}
