/**
 * @module Test paths: the read-only shared data folder beside the repository (`QUARRY_SHARED_DATA`,
 * default `<repo>/../shared/data`), files of the repository, and this folder's own small fixtures.
 */

import { resolve } from 'node:path';

const repositoryRoot = resolve(import.meta.dirname, '../../../../..');

/** A path inside the shared data folder; tests read those files in place, never copying them. */
export function sharedDataPath(...segments: string[]): string {
  const base = process.env.QUARRY_SHARED_DATA ?? resolve(repositoryRoot, '..', 'shared', 'data');
  return resolve(base, ...segments);
}

/** A path inside this repository, e.g. `repositoryPath('data', 'starter', 'datasets.jsonl')`. */
export function repositoryPath(...segments: string[]): string {
  return resolve(repositoryRoot, ...segments);
}

/** A path inside `parse/fixtures/`. */
export function fixturePath(...segments: string[]): string {
  return resolve(import.meta.dirname, '..', 'fixtures', ...segments);
}
