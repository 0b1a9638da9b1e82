/**
 * @module Where tests find ../shared/data (QUARRY_SHARED_DATA overrides), and whether it is there.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const sharedDataDirectory =
  process.env['QUARRY_SHARED_DATA'] ?? resolve(repositoryRoot, '../shared/data');

export const bertTokenizerDirectory = join(
  sharedDataDirectory,
  'tokenizers',
  'bert-base-uncased-wordpiece',
);

export const model2VecFixtureDirectory = join(sharedDataDirectory, 'models', 'm2v-tiny-fixture');

export const sharedDataAvailable = existsSync(join(bertTokenizerDirectory, 'tokenizer.json'));
