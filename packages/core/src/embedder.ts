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

export interface Embedder {
  /** Identifies the model; stored with every vector so models are never mixed. */
  readonly modelId: string;
  readonly dimension: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** The model folder's word vectors, when it has them (no vectors are stored from these). */
  readonly wordVectors?: WordVectors;
}
