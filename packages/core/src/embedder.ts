/**
 * @module Embedder: turns texts into L2-normalised vectors. Implemented by packages/encoder.
 */

export interface Embedder {
  /** Identifies the model; stored with every vector so models are never mixed. */
  readonly modelId: string;
  readonly dimension: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
