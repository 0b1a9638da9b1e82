/**
 * @module Exact BM25F of a frame from its stored term frequencies and the corpus statistics, with
 * the arithmetic of the in-memory index (@quarry/text bm25.ts), term for term and in the same order,
 * so both search backends give a frame the same score:
 *
 *   tf(t, d) = sum over fields f of weight_f * tf_f(t, d) / (1 - b + b * len_f(d) / avglen_f)
 *   idf(t)   = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
 *   score    = sum over query terms t of idf(t) * tf(t, d) / (k1 + tf(t, d))
 */
import type { FrameIndexSettings } from '../frame-index-settings.js';

export interface CorpusStatistics {
  frameCount: number;
  /** Total length of each field (sentence, context, title) over every frame. */
  totalLengths: readonly [number, number, number];
}

/** A frame's stored BM25F document (frame_search), by term. */
export interface StoredFrameTerms {
  /** Term -> its frequency in each field. */
  frequencies: ReadonlyMap<string | number, readonly [number, number, number]>;
  lengths: readonly [number, number, number];
}

export interface Bm25fParameters {
  weights: readonly [number, number, number];
  b: number;
  k1: number;
}

export function bm25fParameters(settings: FrameIndexSettings): Bm25fParameters {
  return {
    weights: [1, settings.bm25ContextWeight, settings.bm25TitleWeight],
    b: settings.bm25B,
    k1: settings.bm25K1,
  };
}

export function inverseDocumentFrequency(frameCount: number, documentFrequency: number): number {
  return Math.log(1 + (frameCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * The query's terms that some frame holds, each with its IDF times how often the query repeats it,
 * in the order the query first names them (as the in-memory index sums them).
 */
export function queryTermWeights(options: {
  queryTerms: readonly string[];
  documentFrequencies: ReadonlyMap<string, number>;
  frameCount: number;
}): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of options.queryTerms) {
    const documentFrequency = options.documentFrequencies.get(term);
    if (documentFrequency === undefined || documentFrequency <= 0) continue;
    weights.set(
      term,
      (weights.get(term) ?? 0) + inverseDocumentFrequency(options.frameCount, documentFrequency),
    );
  }
  return weights;
}

/** 1 / (1 - b + b * len / avglen) for each field of one frame. */
function inverseNorms(
  lengths: readonly [number, number, number],
  corpus: CorpusStatistics,
  b: number,
): [number, number, number] {
  const norms: [number, number, number] = [0, 0, 0];
  for (let field = 0; field < 3; field++) {
    const averageLength = (corpus.totalLengths[field] ?? 0) / Math.max(corpus.frameCount, 1);
    const relativeLength = averageLength > 0 ? (lengths[field] ?? 0) / averageLength : 1;
    norms[field] = 1 / (1 - b + b * relativeLength);
  }
  return norms;
}

/** The BM25F pseudo-frequency of one term: length-normalised field frequencies, weighted. */
export function weightedFrequency(
  counts: readonly [number, number, number],
  norms: readonly [number, number, number],
  weights: readonly [number, number, number],
): number {
  let frequency = 0;
  for (let field = 0; field < 3; field++) {
    const count = counts[field] ?? 0;
    if (count === 0) continue;
    frequency += (weights[field] ?? 0) * count * (norms[field] ?? 0);
  }
  return frequency;
}

export function exactBm25f(options: {
  frame: StoredFrameTerms;
  /** From `queryTermWeights`; keys are the same kind as the frame's term keys. */
  queryWeights: ReadonlyMap<string | number, number>;
  corpus: CorpusStatistics;
  parameters: Bm25fParameters;
}): number {
  const { frame, parameters } = options;
  const norms = inverseNorms(frame.lengths, options.corpus, parameters.b);
  let score = 0;
  for (const [term, idf] of options.queryWeights) {
    const counts = frame.frequencies.get(term);
    if (counts === undefined) continue;
    const frequency = weightedFrequency(counts, norms, parameters.weights);
    if (frequency > 0) score += (idf * frequency) / (parameters.k1 + frequency);
  }
  return score;
}

/** The impact a posting is ordered by: the term's BM25F saturation in the frame at write time. */
export function postingImpact(options: {
  counts: readonly [number, number, number];
  lengths: readonly [number, number, number];
  corpus: CorpusStatistics;
  parameters: Bm25fParameters;
}): number {
  const { parameters } = options;
  const norms = inverseNorms(options.lengths, options.corpus, parameters.b);
  const frequency = weightedFrequency(options.counts, norms, parameters.weights);
  return frequency / (parameters.k1 + frequency);
}
