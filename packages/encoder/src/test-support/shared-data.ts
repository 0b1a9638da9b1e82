/**
 * @module The shared-data files the encoder tests read (a BERT tokenizer, the m2v-tiny Model2Vec
 * fixture), found through @quarry/testing's one shared-data helper: skipped locally when missing,
 * failing in CI.
 */
import { hasSharedData, sharedDataPath } from '@quarry/testing';

export { sharedDataRequired } from '@quarry/testing';

export const bertTokenizerDirectory = sharedDataPath('tokenizers', 'bert-base-uncased-wordpiece');

export const model2VecFixtureDirectory = sharedDataPath('models', 'm2v-tiny-fixture');

export const sharedDataAvailable = hasSharedData(
  'tokenizers/bert-base-uncased-wordpiece/tokenizer.json',
  'models/m2v-tiny-fixture',
);
