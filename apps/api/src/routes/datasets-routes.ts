/**
 * @module GET /api/datasets/search (the dataset recommender, with constraint and year filters and
 * an explanation per result) and GET /api/datasets/:id (a catalog record).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import type { DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import { validQuery } from './request-validation.js';

export interface DatasetRouteDependencies {
  store: Store;
  recommender: DatasetRecommender;
}

/** Longest description accepted, and most results per request. */
const maxQueryCharacters = 2000;
const maxLimit = 50;

const searchQuery = z.object({
  q: z.string().trim().min(1, 'describe the research you want data for').max(maxQueryCharacters),
  modality: z.string().trim().min(1).max(60).optional(),
  task: z.string().trim().min(1).max(120).optional(),
  language: z.string().trim().min(1).max(60).optional(),
  year_max: z.coerce.number().int().min(1900).max(2100).optional(),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(10),
});

export function datasetRoutes(deps: DatasetRouteDependencies): Hono {
  const routes = new Hono();

  routes.get('/api/datasets/search', async (context) => {
    const query = validQuery(context, searchQuery);
    const recommendations = await deps.recommender.recommend({
      query: query.q,
      limit: query.limit,
      ...(query.year_max === undefined ? {} : { yearMax: query.year_max }),
      filters: {
        ...(query.modality ? { modality: query.modality } : {}),
        ...(query.task ? { task: query.task } : {}),
        ...(query.language ? { language: query.language } : {}),
      },
    });
    const results = await Promise.all(
      recommendations.map(async (recommendation) => ({
        ...recommendation,
        dataset: await deps.store.datasets.get(recommendation.datasetId),
      })),
    );
    return context.json({ query: query.q, results });
  });

  routes.get('/api/datasets/:id', async (context) => {
    const id = context.req.param('id');
    const dataset = await deps.store.datasets.get(id);
    if (!dataset)
      throw new AppError({ code: 'not_found', message: 'no such dataset', where: `dataset ${id}` });
    return context.json(dataset);
  });

  return routes;
}
