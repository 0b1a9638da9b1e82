/**
 * @module Speed of the frame index (docs/BENCHMARKS.md section 6), for `quarry bench`: indexing
 * rate with embeddings (every frame embedded and its vector stored), then answer-search and
 * in-paper latencies, one query at a time after warm-up, over the papers already in the store.
 */
import type { Embedder } from '@quarry/core';
import type { Store } from '@quarry/store';
import { findInPaper, loadFrameIndex } from '@quarry/frames';
import type { FrameIndexSettings } from '@quarry/frames';

export interface BenchFramesOptions {
  /** A store that already holds the papers to index (e.g. the SciREX folder, ingested). */
  store: Store;
  embedder: Embedder;
  /** Queries to time; default `defaultBenchQueries`. */
  queries?: readonly string[];
  settings?: Partial<FrameIndexSettings>;
  /** Untimed queries first (JIT, caches). Default 20. */
  warmupQueries?: number;
  /** Timed answer searches. Default 200. */
  timedQueries?: number;
  /** Timed in-paper searches, spread over the papers. Default 200. */
  timedInPaperQueries?: number;
  /** Milliseconds clock. Default `performance.now`. */
  now?: () => number;
  onProgress?: (message: string) => void;
}

export interface BenchFramesResult {
  frames: number;
  questions: number;
  /** Frames embedded and stored per second while indexing. */
  indexFramesPerSecond: number;
  indexSeconds: number;
  answerSearchP50Ms: number;
  answerSearchP95Ms: number;
  inPaperP50Ms: number;
  inPaperP95Ms: number;
}

/** Generic questions about ML papers, written for timing (not taken from any benchmark). */
export const defaultBenchQueries = [
  'What learning rate is used?',
  'Which datasets are used for evaluation?',
  'How many layers does the encoder have?',
  'What accuracy does the model reach on ImageNet?',
  'attention mechanism for machine translation',
  'Which optimizer is used for training?',
  'How long does training take on a GPU?',
  'What are the limitations of the approach?',
  'state of the art results on question answering',
  'What batch size is used?',
  'How is the model initialised?',
  'Is the code publicly available?',
  'What loss function is minimised?',
  'How does dropout affect the results?',
  'Which baselines are compared against?',
  'What is the size of the vocabulary?',
  'How are the word embeddings pre-trained?',
  'What metric is used to evaluate segmentation?',
  'Why does the method generalise to unseen domains?',
  'convolutional neural network for image classification',
] as const;

const percentileRanks = { median: 0.5, tail: 0.95 } as const;

/** The value at `rank` (0 to 1) of the sorted samples, nearest-rank method. */
export function percentile(samples: readonly number[], rank: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((left, right) => left - right);
  const position = Math.min(sorted.length - 1, Math.max(0, Math.ceil(rank * sorted.length) - 1));
  return sorted[position] ?? 0;
}

function rounded(milliseconds: number): number {
  return Math.round(milliseconds * 10) / 10;
}

export async function benchFrames(options: BenchFramesOptions): Promise<BenchFramesResult> {
  const now = options.now ?? (() => performance.now());
  const progress = options.onProgress ?? (() => undefined);
  const queries = options.queries?.length ? options.queries : defaultBenchQueries;
  const { index, stats } = await loadFrameIndex({
    store: options.store,
    embedder: options.embedder,
    embed: 'all',
    ...(options.settings ? { settings: options.settings } : {}),
    now,
  });
  progress(`indexed ${stats.frames} frames in ${stats.totalSeconds.toFixed(1)} s`);
  const queryAt = (position: number): string => queries[position % queries.length] ?? '';
  for (let position = 0; position < (options.warmupQueries ?? 20); position++) {
    await index.search({ query: queryAt(position) });
  }
  const searchTimes: number[] = [];
  for (let position = 0; position < (options.timedQueries ?? 200); position++) {
    const startedAt = now();
    await index.search({ query: queryAt(position) });
    searchTimes.push(now() - startedAt);
  }
  const papers = index.paperIds();
  const inPaperTimes: number[] = [];
  const inPaperCount = papers.length === 0 ? 0 : (options.timedInPaperQueries ?? 200);
  for (let position = 0; position < inPaperCount; position++) {
    // A stride through the papers, so most searches meet a paper whose BM25 is not cached yet.
    const paperId = papers[(position * 7) % papers.length] ?? '';
    const startedAt = now();
    await findInPaper({ index, paperId, query: queryAt(position), mode: 'question' });
    inPaperTimes.push(now() - startedAt);
  }
  return {
    frames: stats.frames,
    questions: stats.questions,
    indexFramesPerSecond: Math.round(stats.framesPerSecond),
    indexSeconds: Math.round(stats.embedSeconds * 10) / 10,
    answerSearchP50Ms: rounded(percentile(searchTimes, percentileRanks.median)),
    answerSearchP95Ms: rounded(percentile(searchTimes, percentileRanks.tail)),
    inPaperP50Ms: rounded(percentile(inPaperTimes, percentileRanks.median)),
    inPaperP95Ms: rounded(percentile(inPaperTimes, percentileRanks.tail)),
  };
}
