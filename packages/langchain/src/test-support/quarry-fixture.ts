/**
 * @module The real Quarry components the adapter tests run against: the dataset recommender over
 * the sample catalog, and a frame index over an in-memory PGlite store holding the sample papers
 * with their rule-generated questions.
 */
import type { Dataset } from '@quarry/core';
import { createRuleQuestionGenerator, generateQuestions, loadFrameIndex } from '@quarry/frames';
import type { FrameIndex } from '@quarry/frames';
import { createDatasetRecommender } from '@quarry/recommender';
import type { DatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { adapterSampleCatalog as sampleCatalog } from '@quarry/testing';
import { adapterSamplePapers as samplePapers } from '@quarry/testing';

export interface QuarryFixture {
  catalog: Dataset[];
  recommender: DatasetRecommender;
  store: Store;
  frameIndex: FrameIndex;
  close(): Promise<void>;
}

export async function createQuarryFixture(): Promise<QuarryFixture> {
  const embedder = createHashingEmbedder();
  const store = await openStore({ location: 'memory://' });
  for (const paper of samplePapers) await store.papers.upsert(paper);
  await generateQuestions({ store, generator: createRuleQuestionGenerator() });
  const { index } = await loadFrameIndex({ store, embedder });
  const recommender = await createDatasetRecommender({ datasets: sampleCatalog });
  return {
    catalog: sampleCatalog,
    recommender,
    store,
    frameIndex: index,
    close: () => store.close(),
  };
}
