/**
 * @module /api/annotations: POST adds a question to a selected span of a paper (embedded at once
 * when the answer index is loaded), GET lists them (optionally for one paper), DELETE removes one.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { createAnnotationService } from '@quarry/frames';
import type { Store } from '@quarry/store';
import { currentAnswerIndex, validJsonBody, validQuery } from './request-validation.js';
import type { AnswerIndexSource } from './request-validation.js';

export interface AnnotationRouteDependencies {
  store: Store;
  answers?: AnswerIndexSource;
}

const maxQuestionCharacters = 500;

const newAnnotation = z
  .object({
    paperId: z.string().trim().min(1),
    question: z.string().trim().min(1).max(maxQuestionCharacters),
    charStart: z.number().int().min(0),
    charEnd: z.number().int().min(1),
  })
  .refine((body) => body.charEnd > body.charStart, {
    message: 'charEnd must be after charStart',
    path: ['charEnd'],
  });

const listQuery = z.object({ paper: z.string().trim().min(1).optional() });
/** Annotation ids are PostgreSQL integers. */
const idPattern = /^\d{1,9}$/;

export function annotationRoutes(deps: AnnotationRouteDependencies): Hono {
  const routes = new Hono();
  const annotations = () =>
    createAnnotationService({ store: deps.store, index: currentAnswerIndex(deps.answers) });

  routes.post('/api/annotations', async (context) => {
    const body = await validJsonBody(context, newAnnotation);
    const annotation = await annotations().add(body);
    return context.json(annotation, 201);
  });

  routes.get('/api/annotations', async (context) => {
    const query = validQuery(context, listQuery);
    const list = await annotations().list(query.paper ? { paperId: query.paper } : {});
    return context.json({ annotations: list });
  });

  routes.delete('/api/annotations/:id', async (context) => {
    const id = context.req.param('id');
    if (!idPattern.test(id) || !(await annotations().remove(id))) {
      throw new AppError({
        code: 'not_found',
        message: 'no such annotation',
        where: `annotation ${id}`,
      });
    }
    return context.body(null, 204);
  });

  return routes;
}
