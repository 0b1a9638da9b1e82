/**
 * @module The trainable static embedding model: one vector per vocabulary token (tokens may share a
 * row through `tokenToRow`); a text is the mean of its tokens' vectors, L2-normalised. Forward and
 * hand-written backward passes over a batch.
 */

export interface StaticEmbeddingModel {
  readonly vocabularySize: number;
  readonly dimension: number;
  /** Row-major [rowCount, dimension]. */
  readonly embeddings: Float32Array;
  /** Token id to row of `embeddings`. */
  readonly tokenToRow: Int32Array;
  /** Tokens that never contribute (specials, [UNK]). */
  readonly ignoredTokens: Uint8Array;
}

/** The forward pass of one side of a batch, kept for the backward pass. */
export interface PooledBatch {
  sequences: readonly Int32Array[];
  /** Row-major [batch, dimension] unit vectors (zero for texts with no usable token). */
  normalised: Float32Array;
  /** Norm of each text's mean vector before normalisation. */
  norms: Float64Array;
  /** Usable tokens per text (the mean's denominator). */
  counts: Int32Array;
}

/** Mean of token vectors, then L2 normalisation, for every sequence. */
export function poolBatch(
  model: StaticEmbeddingModel,
  sequences: readonly Int32Array[],
): PooledBatch {
  const { dimension, embeddings, ignoredTokens, tokenToRow } = model;
  const batchSize = sequences.length;
  const normalised = new Float32Array(batchSize * dimension);
  const norms = new Float64Array(batchSize);
  const counts = new Int32Array(batchSize);
  const sum = new Float64Array(dimension);
  for (let row = 0; row < batchSize; row += 1) {
    const tokens = sequences[row]!;
    sum.fill(0);
    let count = 0;
    for (let position = 0; position < tokens.length; position += 1) {
      const token = tokens[position]!;
      if (ignoredTokens[token]) continue;
      count += 1;
      const offset = tokenToRow[token]! * dimension;
      for (let dim = 0; dim < dimension; dim += 1) sum[dim]! += embeddings[offset + dim]!;
    }
    counts[row] = count;
    let squares = 0;
    for (let dim = 0; dim < dimension; dim += 1) {
      const mean = sum[dim]! / Math.max(count, 1);
      sum[dim] = mean;
      squares += mean * mean;
    }
    const norm = Math.sqrt(squares);
    norms[row] = norm;
    const scale = norm > 0 ? 1 / norm : 0;
    const rowOffset = row * dimension;
    for (let dim = 0; dim < dimension; dim += 1) normalised[rowOffset + dim] = sum[dim]! * scale;
  }
  return { sequences, normalised, norms, counts };
}

export interface AccumulateGradientsOptions {
  model: StaticEmbeddingModel;
  batch: PooledBatch;
  /** dLoss/d(normalised vector), row-major [batch, dimension]. */
  normalisedGradient: Float32Array;
  /** Dense [rowCount, dimension] gradient buffer, added to. */
  embeddingGradient: Float32Array;
  /** Marks rows written to (1), and lists them once each in `touchedRows`. */
  touchedMarks: Uint8Array;
  touchedRows: number[];
}

/**
 * Back-propagates through normalisation and the mean:
 *   z = p / |p|  =>  dL/dp = (dL/dz - z (z . dL/dz)) / |p|
 *   p = (1/n) sum_t E[t]  =>  dL/dE[t] += dL/dp / n  (once per occurrence)
 */
export function accumulateGradients(options: AccumulateGradientsOptions): void {
  const { model, batch, normalisedGradient, embeddingGradient, touchedMarks, touchedRows } =
    options;
  const { dimension, ignoredTokens, tokenToRow } = model;
  const pooledGradient = new Float64Array(dimension);
  for (let text = 0; text < batch.sequences.length; text += 1) {
    const norm = batch.norms[text]!;
    const count = batch.counts[text]!;
    if (norm === 0 || count === 0) continue;
    const rowOffset = text * dimension;
    let projection = 0;
    for (let dim = 0; dim < dimension; dim += 1) {
      projection += batch.normalised[rowOffset + dim]! * normalisedGradient[rowOffset + dim]!;
    }
    const scale = 1 / (norm * count);
    for (let dim = 0; dim < dimension; dim += 1) {
      pooledGradient[dim] =
        (normalisedGradient[rowOffset + dim]! - batch.normalised[rowOffset + dim]! * projection) *
        scale;
    }
    const tokens = batch.sequences[text]!;
    for (let position = 0; position < tokens.length; position += 1) {
      const token = tokens[position]!;
      if (ignoredTokens[token]) continue;
      const row = tokenToRow[token]!;
      if (!touchedMarks[row]) {
        touchedMarks[row] = 1;
        touchedRows.push(row);
      }
      const offset = row * dimension;
      for (let dim = 0; dim < dimension; dim += 1)
        embeddingGradient[offset + dim]! += pooledGradient[dim]!;
    }
  }
}
