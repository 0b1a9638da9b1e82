/**
 * @module AppError: the one error type of Quarry, with a closed code union and a fix-it message.
 * Transports map `code` once, at their edge (HTTP status, CLI exit code, Slack message).
 */

export const appErrorCodes = [
  'invalid_input',
  'not_found',
  'conflict',
  'storage_failure',
  'migration_failure',
  'model_failure',
  'unsupported',
  'unauthorized',
  'forbidden',
  'too_large',
  'rate_limited',
  'overloaded',
  'internal',
] as const;

export type AppErrorCode = (typeof appErrorCodes)[number];

export interface AppErrorOptions {
  code: AppErrorCode;
  message: string;
  /** What the user can do about it. */
  fix?: string;
  /** The file, record or field the error is about, when there is one. */
  where?: string;
  cause?: unknown;
  /** For `rate_limited`, `overloaded` and outages: when the client may try again, in seconds. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fix: string | undefined;
  readonly where: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: AppErrorOptions) {
    const location = options.where ? `${options.where}: ` : '';
    const fix = options.fix ? ` (${options.fix})` : '';
    super(`${location}${options.message}${fix}`, { cause: options.cause });
    this.name = 'AppError';
    this.code = options.code;
    this.fix = options.fix;
    this.where = options.where;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Wraps anything thrown into an AppError, keeping the original as `cause`. */
export function toAppError(value: unknown, fallback: Omit<AppErrorOptions, 'cause'>): AppError {
  if (isAppError(value)) return value;
  const detail = value instanceof Error ? value.message : String(value);
  return new AppError({ ...fallback, message: `${fallback.message}: ${detail}`, cause: value });
}
