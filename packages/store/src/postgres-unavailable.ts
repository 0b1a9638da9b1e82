/**
 * @module Which PostgreSQL errors mean "the database is unavailable" rather than "this statement is
 * wrong": lost or refused connections, a server shutting down or starting up, too many
 * connections, a pool with no free connection in time, a statement past its timeout. Those become
 * an AppError `storage_failure` (the API answers 503 with Retry-After, the CLI exits 74); other
 * errors (SQL, constraints) pass through unchanged.
 */
import { AppError, isAppError } from '@quarry/core';

/** Node socket errors of a lost or unreachable server. */
const socketErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs (PostgreSQL, Appendix A): 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now, 53300 too_many_connections, 57014 query_canceled (statement_timeout),
 * 25P03 idle_in_transaction_session_timeout; class 08 is every connection exception.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** pg and pg-pool report these without a code. */
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection timeout/i,
  /query read timeout/i,
];

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || isAppError(error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (socketErrorCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08'))
      return true;
  }
  if (error instanceof AggregateError && error.errors.some(isPostgresUnavailable)) return true;
  return unavailableMessages.some((pattern) => pattern.test(error.message));
}

/** `error` as a `storage_failure` AppError when it means the database is unavailable. */
export function mapPostgresError(error: unknown, location: string): unknown {
  if (!isPostgresUnavailable(error)) return error;
  const detail = error instanceof Error ? error.message || codeOf(error) || error.name : '';
  const timedOut = codeOf(error) === '57014';
  return new AppError({
    code: 'storage_failure',
    message: timedOut
      ? `the database statement ran past its timeout: ${detail}`
      : `PostgreSQL is unavailable: ${detail}`,
    where: location,
    fix: timedOut
      ? 'narrow the request, or raise QUARRY_DB_STATEMENT_TIMEOUT_MS'
      : 'retry shortly; if it persists, check that the PostgreSQL server is running and reachable',
    cause: error,
  });
}
