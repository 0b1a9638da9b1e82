/**
 * @module Maps any error to one JSON error response: AppError codes to HTTP statuses, in one place.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isAppError } from '@quarry/core';
import type { AppErrorCode } from '@quarry/core';

const statusByCode = {
  invalid_input: 400,
  not_found: 404,
  conflict: 409,
  unsupported: 415,
  storage_failure: 503,
  migration_failure: 503,
  model_failure: 503,
  internal: 500,
} as const satisfies Record<AppErrorCode, ContentfulStatusCode>;

export function errorResponse(error: unknown, context: Context): Response {
  if (isAppError(error)) {
    return context.json(
      { error: { code: error.code, message: error.message } },
      statusByCode[error.code],
    );
  }
  return context.json({ error: { code: 'internal', message: 'internal error' } }, 500);
}
