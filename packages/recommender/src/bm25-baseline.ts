/**
 * @module The plain BM25 baseline of the DataFinder paper (section 4.2, Pyserini with k1 0.8 and
 * b 0.4) over each dataset's name and description, stopwords removed: the reference the
 * recommender is compared with in `quarry eval datasets --baseline bm25`. The description keeps
 * its "Source: [title](url)" line, as the collection's `contents` field does: that is the text the
 * reference numbers in docs/BENCHMARKS.md were measured on.
 */
import type { Dataset } from '@quarry/core';
import { createBm25Index } from '@quarry/text';
import { passesYear } from './dataset-filters.js';

export interface BaselineRanking {
  datasetId: string;
  score: number;
}

export interface Bm25Baseline {
  rank(options: { query: string; limit: number; yearMax?: number }): BaselineRanking[];
}

export const baselineBm25Parameters = { k1: 0.8, b: 0.4 } as const;

export function createBm25Baseline(options: { datasets: readonly Dataset[] }): Bm25Baseline {
  const index = createBm25Index<number>({
    ...baselineBm25Parameters,
    fields: [{ name: 'text' }],
  });
  const datasets: Dataset[] = [];
  const seen = new Set<string>();
  for (const dataset of options.datasets) {
    if (seen.has(dataset.id)) continue;
    seen.add(dataset.id);
    index.add({ id: datasets.length, fields: { text: baselineText(dataset) } });
    datasets.push(dataset);
  }
  return {
    rank({ query, limit, yearMax }) {
      const hits = index.search(query, {
        limit,
        filter: (number) => {
          const dataset = datasets[number];
          return dataset !== undefined && passesYear(dataset, yearMax);
        },
      });
      return hits.map((hit) => ({ datasetId: datasets[hit.id]?.id ?? '', score: hit.score }));
    },
  };
}

function baselineText(dataset: Dataset): string {
  return [dataset.name, dataset.description, sourceLine(dataset)].join('\n');
}

/**
 * The "Source: [title](url)" line the ingest split off the description (kept in `extra`), or the
 * paper title when there is none, so the baseline sees the collection's `contents` as published.
 */
function sourceLine(dataset: Dataset): string {
  const source = dataset.extra.descriptionSource;
  if (typeof source === 'object' && source !== null) {
    const { label, url } = source as { label?: unknown; url?: unknown };
    return [label, url].filter((part): part is string => typeof part === 'string').join(' ');
  }
  return dataset.paperTitle ?? '';
}
