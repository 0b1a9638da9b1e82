/**
 * @module Citance-to-dataset retrieval: a sentence that uses a dataset, with the dataset's names
 * removed, ranks every dataset description of the catalog; the cited dataset is relevant. Only the
 * held-out tenth of the citances (isHeldOutCitanceDataset) is used, so the encoder never trained on
 * these sentences (it did see the descriptions, which are the searchable corpus).
 */
import { nameKey } from '../corpora/dataset-catalog.js';
import type { CatalogDataset } from '../corpora/dataset-catalog.js';
import { isHeldOutCitanceDataset, maskDatasetNames } from '../corpora/dataset-citances.js';
import type { DatasetCitance } from '../corpora/dataset-citances.js';
import type { RetrievalBenchmark, RetrievalQuery } from './retrieval-evaluation.js';

export interface BuildCitanceBenchmarkOptions {
  catalog: readonly CatalogDataset[];
  citances: readonly DatasetCitance[];
}

export function buildCitanceBenchmark(options: BuildCitanceBenchmarkOptions): RetrievalBenchmark {
  const indexByName = new Map<string, number>();
  options.catalog.forEach((dataset, index) => {
    for (const name of dataset.names)
      if (!indexByName.has(nameKey(name))) indexByName.set(nameKey(name), index);
  });
  const queries: RetrievalQuery[] = [];
  for (const citance of options.citances) {
    if (!isHeldOutCitanceDataset(citance.datasetName)) continue;
    const target = citance.nameVariants
      .map((name) => indexByName.get(nameKey(name)))
      .find((index) => index !== undefined);
    if (target === undefined) continue;
    for (const sentence of citance.sentences) {
      const text = maskDatasetNames(sentence, citance.nameVariants);
      if (text.length > 0) queries.push({ text, relevant: new Set([target]) });
    }
  }
  return { queries, candidates: options.catalog.map((dataset) => dataset.description) };
}
