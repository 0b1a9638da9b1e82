/**
 * @module Embedder: turns texts into L2-normalised vectors. Implemented by packages/encoder.
 */

/**
 * General-English word vectors that come with a model folder (`word-vectors.*`): the word-level
 * channel that lets ranking match "hardware" to "GPUs" when a sentence encoder does not know
 * they are related. Rows are in the order of the words' frequency in the source text, so a
 * word's row number ranks how common it is.
 */
export interface WordVectors {
  /** Names the table and its source (stored nowhere; shown in health and benchmark output). */
  readonly id: string;
  readonly dimension: number;
  /** How many words the table holds. */
  readonly size: number;
  /** The row of a lowercased word, or undefined when the table does not hold it. */
  rowOf(word: string): number | undefined;
  /** Cosine similarity of two rows, in [-1, 1]. */
  similarity(leftRow: number, rightRow: number): number;
}

/**
 * What a text is to the model: a `query` (a user's question or request, and the generated
 * questions matched against it) or a `passage` (an answer sentence, a dataset description).
 * Retrieval models trained asymmetrically (bge's query instruction, e5's `query: ` / `passage: `)
 * are given the prompt their model card asks for; symmetric models ignore it.
 */
export type EmbedPurpose = 'query' | 'passage';

export interface Embedder {
  /** Identifies the model; stored with every vector so models are never mixed. */
  readonly modelId: string;
  readonly dimension: number;
  /** Embeds texts as `purpose` (default `passage`). */
  embed(texts: readonly string[], purpose?: EmbedPurpose): Promise<Float32Array[]>;
  /** The model folder's word vectors, when it has them (no vectors are stored from these). */
  readonly wordVectors?: WordVectors;
  /**
   * The cosine this model gives a query and an unrelated passage on average (its anisotropy):
   * about 0 for the static model, 0.78 for e5-small-v2. Ranking rescales cosines with
   * `calibratedSimilarity` so that every model's "unrelated" is 0 where cosines meet BM25.
   * Absent: 0.
   */
  readonly similarityFloor?: number;
  /**
   * Scores how well each passage answers the query, reading both together (a cross-encoder the
   * model folder names); higher is better, on the reranker's own scale. Absent when the model has
   * no reranker: ranking then stops at the hybrid score.
   */
  rerank?(query: string, passages: readonly string[]): Promise<number[]>;
  /** Identifies the reranker behind `rerank`. */
  readonly rerankerId?: string;
}

/**
 * A cosine on a scale where the model's unrelated pairs sit at 0 and identical texts at 1:
 * (cos - floor) / (1 - floor). Below the floor it goes negative, which keeps the order.
 */
export function calibratedSimilarity(cosine: number, floor: number): number {
  return floor > 0 && floor < 1 ? (cosine - floor) / (1 - floor) : cosine;
}
