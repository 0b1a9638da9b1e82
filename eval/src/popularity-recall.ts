/**
 * @module Recall at k by popularity of the gold datasets (the DataFinder draft's analysis of rare vs
 * popular datasets): a dataset's popularity is how many queries of the qrels judge it relevant;
 * each (query, relevant dataset) pair falls in the bucket of its dataset's popularity, and the
 * bucket's recall is the share of its pairs found in the query's top k.
 */
import type { Qrels } from './qrels.js';
import { relevantDocuments } from './qrels.js';
import type { Run } from './trec-run.js';
import { toTrecId } from './trec-id.js';

export interface PopularityBucket {
  /** e.g. "2-3". */
  label: string;
  /** Smallest popularity in the bucket, inclusive. */
  min: number;
  /** Largest popularity in the bucket, inclusive; Infinity for an open-ended bucket. */
  max: number;
}

export const defaultPopularityBuckets: readonly PopularityBucket[] = [
  { label: '1', min: 1, max: 1 },
  { label: '2-3', min: 2, max: 3 },
  { label: '4-9', min: 4, max: 9 },
  { label: '10+', min: 10, max: Number.POSITIVE_INFINITY },
];

export interface BucketRecall {
  label: string;
  /** Distinct gold datasets in the bucket. */
  datasets: number;
  /** (query, gold dataset) pairs in the bucket. */
  pairs: number;
  /** Share of the pairs found in the top k, in [0, 1]; 0 for an empty bucket. */
  recall: number;
}

export function recallByPopularity(options: {
  run: Run;
  qrels: Qrels;
  depth: number;
  buckets?: readonly PopularityBucket[];
}): BucketRecall[] {
  const buckets = options.buckets ?? defaultPopularityBuckets;
  const popularity = new Map<string, number>();
  for (const queryId of options.qrels.keys()) {
    for (const documentId of relevantDocuments(options.qrels, queryId)) {
      popularity.set(documentId, (popularity.get(documentId) ?? 0) + 1);
    }
  }
  const retrieved = new Map<string, Set<string>>();
  for (const [queryId, documents] of options.run) {
    retrieved.set(
      toTrecId(queryId),
      new Set(documents.slice(0, options.depth).map((document) => toTrecId(document.documentId))),
    );
  }
  return buckets.map((bucket) => {
    const datasets = new Set<string>();
    let pairs = 0;
    let found = 0;
    for (const queryId of options.qrels.keys()) {
      const top = retrieved.get(queryId);
      for (const documentId of relevantDocuments(options.qrels, queryId)) {
        const count = popularity.get(documentId) ?? 0;
        if (count < bucket.min || count > bucket.max) continue;
        datasets.add(documentId);
        pairs += 1;
        if (top?.has(documentId) === true) found += 1;
      }
    }
    return {
      label: bucket.label,
      datasets: datasets.size,
      pairs,
      recall: pairs > 0 ? found / pairs : 0,
    };
  });
}
