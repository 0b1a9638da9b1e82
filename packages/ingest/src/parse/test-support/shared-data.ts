/**
 * @module Test paths: the shared data folder and repository paths come from @quarry/testing's one
 * locator (QUARRY_SHARED_DATA, default `<repo>/../shared/data`); this folder's own small fixtures
 * are found here.
 */
import { resolve } from 'node:path';

export { repositoryPath, sharedDataPath } from '@quarry/testing';

/** A path inside `parse/fixtures/`. */
export function fixturePath(...segments: string[]): string {
  return resolve(import.meta.dirname, '..', 'fixtures', ...segments);
}
