/**
 * @module GET /api/datasets/search (the dataset recommender, with constraint and year filters and
 * an explanation per result), GET /api/datasets (browse the catalog by facet, sorted by name match,
 * use, year or name, with facet counts; the answer says which order it used),
 * GET /api/datasets/:id (a catalog record) and GET /api/datasets/:id/citations (sentences of
 * indexed papers that use it).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { findDatasetMentions } from '@quarry/frames';
import { browseSorts } from '@quarry/recommender';
import type { CatalogBrowsing, DatasetRecommender } from '@quarry/recommender';
import type { Store } from '@quarry/store';
import { currentAnswerIndex, validQuery } from './request-validation.js';
import type { AnswerIndexSource } from './request-validation.js';

export interface DatasetRouteDependencies {
  store: Store;
  recommender: DatasetRecommender;
  /** Without it GET /api/datasets is not served. */
  browser?: CatalogBrowsing;
  /** Where citations come from; without a loaded index a dataset has none yet. */
  answers?: AnswerIndexSource;
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

const maxPageSize = 100;
const maxCitations = 20;

const browseQuery = z.object({
  name: z.string().trim().max(200).optional(),
  modality: z.string().trim().min(1).max(60).optional(),
  task: z.string().trim().min(1).max(120).optional(),
  language: z.string().trim().min(1).max(60).optional(),
  year_max: z.coerce.number().int().min(1900).max(2100).optional(),
  /** Default: best match with a name, most used without one. */
  sort: z.enum(browseSorts).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(maxPageSize).default(24),
});

const citationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(maxCitations).default(5),
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

  const browser = deps.browser;
  if (browser) {
    routes.get('/api/datasets', async (context) => {
      const query = validQuery(context, browseQuery);
      return context.json(
        await browser.browse({
          ...(query.sort ? { sort: query.sort } : {}),
          offset: query.offset,
          limit: query.limit,
          ...(query.name ? { name: query.name } : {}),
          ...(query.year_max === undefined ? {} : { yearMax: query.year_max }),
          filters: {
            ...(query.modality ? { modality: query.modality } : {}),
            ...(query.task ? { task: query.task } : {}),
            ...(query.language ? { language: query.language } : {}),
          },
        }),
      );
    });
  }

  routes.get('/api/datasets/:id/citations', async (context) => {
    const id = context.req.param('id');
    const query = validQuery(context, citationsQuery);
    const dataset = await deps.store.datasets.get(id);
    if (!dataset)
      throw new AppError({ code: 'not_found', message: 'no such dataset', where: `dataset ${id}` });
    const index = currentAnswerIndex(deps.answers);
    const citations = index
      ? await findDatasetMentions({
          index,
          names: [dataset.name, ...dataset.variants],
          limit: query.limit,
        })
      : [];
    return context.json({ datasetId: id, indexReady: index !== null, citations });
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
