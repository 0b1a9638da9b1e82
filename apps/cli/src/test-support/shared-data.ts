/**
 * @module Where the shared data folder is for tests (read by path, never copied).
 */
import { resolve } from 'node:path';
import { repositoryRoot } from '../settings.js';

export const sharedDataDirectory =
  process.env.QUARRY_SHARED_DATA ?? resolve(repositoryRoot, '../shared/data');

export function sharedDataPath(...parts: string[]): string {
  return resolve(sharedDataDirectory, ...parts);
}
