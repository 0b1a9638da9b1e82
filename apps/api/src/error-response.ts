/**
 * @module Maps any error to one JSON error response, in one place: AppError codes to HTTP
 * statuses, `Retry-After` for rate limits and database outages, and the request id in every
 * error. The client sees a short message, with any path under the server's temporary folder hidden
 * (temporary-paths.ts); anything unexpected is logged with its full cause and answered as
 * "internal error" — never a stack or a server path.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isAppError } from '@quarry/core';
import type { AppErrorCode } from '@quarry/core';
import { describeError, silentLogger } from './edge/request-log.js';
import type { Logger } from './edge/request-log.js';
import { hideTemporaryPaths } from './temporary-paths.js';

const statusByCode = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  overloaded: 503,
  storage_failure: 503,
  migration_failure: 503,
  model_failure: 503,
  internal: 500,
} as const satisfies Record<AppErrorCode, ContentfulStatusCode>;

export interface ErrorResponseOptions {
  logger?: Logger;
  /** Seconds a client is told to wait after a 503 from the database. */
  storageRetryAfterSeconds?: number;
}

function requestIdOf(context: Context): string | undefined {
  const value: unknown = context.get('requestId' as never);
  return typeof value === 'string' ? value : undefined;
}

/** Bodies above this many bytes are not drained after a refusal. */
const drainedBodyBytes = 1024 * 1024;

function hasLargeUnreadBody(context: Context): boolean {
  if (context.req.method === 'GET' || context.req.method === 'HEAD') return false;
  const length = context.req.header('content-length');
  if (length === undefined) return context.req.header('transfer-encoding') !== undefined;
  return Number(length) > drainedBodyBytes;
}

export function errorResponse(
  error: unknown,
  context: Context,
  options: ErrorResponseOptions = {},
): Response {
  const logger = options.logger ?? silentLogger;
  const requestId = requestIdOf(context);
  const idFields = requestId === undefined ? {} : { requestId };
  if (requestId !== undefined) context.header('x-request-id', requestId);
  // A write refused before a large body was read: rather than reading (and discarding) all of
  // it, the connection is closed after this answer. A small body is left to the server to drain,
  // so a client still writing it reads the answer instead of a broken pipe.
  if (hasLargeUnreadBody(context)) context.header('connection', 'close');
  if (isAppError(error)) {
    const status = statusByCode[error.code];
    const retryAfter =
      error.retryAfterSeconds ??
      (error.code === 'storage_failure' ? (options.storageRetryAfterSeconds ?? 5) : undefined);
    if (retryAfter !== undefined) context.header('retry-after', String(retryAfter));
    if (status >= 500) {
      logger({
        level: 'error',
        message: 'request failed',
        ...idFields,
        code: error.code,
        error: describeError(error),
      });
    }
    return context.json(
      { error: { code: error.code, message: hideTemporaryPaths(error.message), ...idFields } },
      status,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    return context.json(
      {
        error: {
          code: 'invalid_input',
          message: hideTemporaryPaths(error.message || 'bad request'),
          ...idFields,
        },
      },
      error.status,
    );
  }
  logger({ level: 'error', message: 'unexpected error', ...idFields, error: describeError(error) });
  return context.json(
    {
      error: {
        code: 'internal',
        message: `internal error${requestId ? ` (request ${requestId})` : ''}`,
        ...idFields,
      },
    },
    500,
  );
}
