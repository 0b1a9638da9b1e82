/**
 * @module Request validation for the frame routes: parses query strings and JSON bodies with zod
 * and turns the first issue into an AppError `invalid_input`, so `onError` answers 400 once.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '@quarry/core';
import type { AnswerSearch } from '@quarry/frames';
import { assertStorable } from '../edge/storable-text.js';

function invalid(error: z.ZodError, fallbackWhere: string): AppError {
  const issue = error.issues[0];
  const where = issue?.path.join('.') || fallbackWhere;
  return new AppError({
    code: 'invalid_input',
    message: `invalid ${where}: ${issue?.message ?? 'unreadable request'}`,
    where,
  });
}

export function validQuery<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
): z.infer<Schema> {
  const parsed = schema.safeParse(context.req.query());
  if (!parsed.success) throw invalid(parsed.error, 'query');
  return parsed.data;
}

export async function validJsonBody<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const body: unknown = await context.req.json().catch(() => undefined);
  assertStorable(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, 'body');
  return parsed.data;
}

/**
 * The answer index, or a function returning it once it has loaded (a server can start answering
 * other routes while the index loads in the background).
 */
export type AnswerIndexSource = AnswerSearch | null | (() => AnswerSearch | null);

export function currentAnswerIndex(source: AnswerIndexSource | undefined): AnswerSearch | null {
  return typeof source === 'function' ? source() : (source ?? null);
}

/** The loaded answer index, or an AppError `model_failure` (503) when the server has none. */
export function requireAnswerIndex(source: AnswerIndexSource | undefined): AnswerSearch {
  const index = currentAnswerIndex(source);
  if (!index) {
    throw new AppError({
      code: 'model_failure',
      message: 'the answer index is not loaded',
      fix: 'start the server with an embedding model so it can load the frame index',
    });
  }
  return index;
}
