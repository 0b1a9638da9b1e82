/**
 * @module The checks every search backend applies to a query and a result limit, with the errors
 * the API turns into 400s.
 */
import { AppError } from '@quarry/core';
import type { FrameIndexSettings } from '../frame-index-settings.js';

export function checkedLimit(settings: FrameIndexSettings, limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > settings.maxResults) {
    throw new AppError({
      code: 'invalid_input',
      message: `limit must be a whole number from 1 to ${settings.maxResults}, got ${limit}`,
    });
  }
  return limit;
}

export function checkQuery(settings: FrameIndexSettings, query: string): void {
  if (query.trim().length === 0) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the query is empty',
      fix: 'type a question',
    });
  }
  if (query.length > settings.maxQueryCharacters) {
    throw new AppError({
      code: 'invalid_input',
      message: `the query is ${query.length} characters long, more than ${settings.maxQueryCharacters}`,
      fix: 'ask a shorter question',
    });
  }
}
