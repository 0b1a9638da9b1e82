/**
 * @module What both Slack harnesses stand on: a store with the starter catalog and the given papers,
 * a frame index over them (hashing embedder), and the real agent ranking datasets with the shipped
 * encoder and the starter catalog's task names, as `quarry serve` does.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatasetAgent } from '@quarry/agent';
import type { Paper } from '@quarry/core';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { loadFrameIndex } from '@quarry/frames';
import { ingestDatasets } from '@quarry/ingest';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';

const starterCatalog = resolve(import.meta.dirname, '../../../../data/starter/datasets.jsonl');

export async function starterStoreAndAgent(papers: readonly Paper[]) {
  const store = await openStore({ location: 'memory://' });
  await ingestDatasets({ store, files: [starterCatalog], maxLineBytes: 1 << 20 });
  for (const paper of papers) await store.papers.upsert(paper);
  const { index } = await loadFrameIndex({ store, embedder: createHashingEmbedder() });
  const datasets = await store.datasets.all();
  const { embedder } = await loadEmbedder({
    spec: 'default',
    modelsDir: shippedModelsDirectory(),
    cacheDir: join(tmpdir(), 'quarry-slack-test-models'),
  });
  const recommender = await createDatasetRecommender({ datasets, embedder });
  const agent = createDatasetAgent({
    recommender,
    catalog: new Map(datasets.map((dataset) => [dataset.id, dataset])),
    taskNames: [...new Set(datasets.flatMap((dataset) => dataset.tasks))],
  });
  return { store, index, agent };
}
