/**
 * @module Process exit codes: AppError codes mapped once, at the CLI's edge.
 */
import type { AppErrorCode } from '@quarry/core';

export const exitCodes = {
  success: 0,
  /** The command ran but some records failed. */
  partialFailure: 1,
  usage: 64,
} as const;

export const exitCodeByErrorCode = {
  invalid_input: 65,
  not_found: 66,
  unsupported: 69,
  internal: 70,
  storage_failure: 74,
  migration_failure: 74,
  model_failure: 75,
  conflict: 75,
  unauthorized: 77,
  forbidden: 77,
  too_large: 65,
  rate_limited: 75,
  overloaded: 75,
} as const satisfies Record<AppErrorCode, number>;
