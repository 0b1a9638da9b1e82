/**
 * @module Paths inside this repository found from this module's own location (src/ and dist/ sit at
 * the same depth): the shipped models folder and the default shared data folder beside the
 * repository, used as defaults by the scripts; applications pass their own paths.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/encoder/{src,dist}/registry/ -> the repository root. */
export function repositoryRootDirectory(): string {
  return fileURLToPath(new URL('../../../../', import.meta.url));
}

/** `<repository>/models/`, where the default encoder ships. */
export function shippedModelsDirectory(): string {
  return resolve(repositoryRootDirectory(), 'models');
}

/** `../shared/data` beside the repository, as the data README lays it out. */
export function defaultSharedDataDirectory(): string {
  return resolve(repositoryRootDirectory(), '..', 'shared', 'data');
}
