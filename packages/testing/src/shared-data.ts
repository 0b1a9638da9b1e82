/**
 * @module Where tests find the read-only shared data folder (`QUARRY_SHARED_DATA`, default
 * `<repository>/../shared/data`) and files of this repository, and the one rule for a test that
 * needs shared data: skip locally when it is missing, fail in CI (`CI=true`), never skip silently.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository root (this file sits in packages/testing/src or packages/testing/dist). */
const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

/** True in CI, where every test that needs the shared data must run. */
export const sharedDataRequired = process.env['CI'] === 'true';

/** The shared data folder. */
export function sharedDataDirectory(): string {
  return process.env['QUARRY_SHARED_DATA'] ?? resolve(repositoryRoot, '..', 'shared', 'data');
}

/** A path inside the shared data folder; tests read those files in place, never copying them. */
export function sharedDataPath(...segments: string[]): string {
  return resolve(sharedDataDirectory(), ...segments);
}

/** A path inside this repository, e.g. `repositoryPath('data', 'starter', 'datasets.jsonl')`. */
export function repositoryPath(...segments: string[]): string {
  return resolve(repositoryRoot, ...segments);
}

/**
 * Whether every named shared-data path exists, for `describe.skipIf(!hasSharedData(…))`. In CI a
 * missing path throws instead, naming it, so the test file fails rather than skips.
 */
export function hasSharedData(...relativePaths: string[]): boolean {
  const missing = relativePaths.filter((path) => !existsSync(sharedDataPath(path)));
  if (missing.length > 0 && sharedDataRequired) {
    throw new Error(
      `shared data missing in CI: ${missing.map((path) => sharedDataPath(path)).join(', ')} ` +
        '(set QUARRY_SHARED_DATA to the shared data folder)',
    );
  }
  return missing.length === 0;
}
