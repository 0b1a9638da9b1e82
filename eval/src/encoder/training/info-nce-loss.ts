/**
 * @module Symmetric InfoNCE with in-batch negatives (van den Oord et al. 2018,
 * https://arxiv.org/abs/1807.03748; the "multiple negatives ranking" loss of Henderson et al. 2017):
 * query i should pick document i among the batch's documents, and document i query i.
 */

export interface InfoNceLossOptions {
  /** Row-major [batch, dimension] unit vectors. */
  queries: Float32Array;
  documents: Float32Array;
  batchSize: number;
  dimension: number;
  /** Multiplies cosine similarities before the softmax (1 / temperature). */
  scale: number;
}

export interface InfoNceLossResult {
  loss: number;
  /** dLoss/dQueries and dLoss/dDocuments, same layout as the inputs. */
  queryGradient: Float32Array;
  documentGradient: Float32Array;
  /** Share of queries whose own document scores highest (a cheap training signal). */
  accuracy: number;
}

/**
 * L = (1/2B) sum_i [ -log softmax_j(S_ij)[i] - log softmax_j(S_ji)[i] ],  S = scale * Q D^T.
 * dL/dS_ij = (R_ij + C_ij - 2 [i = j]) / 2B with R the row softmax and C the column softmax.
 */
export function infoNceLoss(options: InfoNceLossOptions): InfoNceLossResult {
  const { queries, documents, batchSize, dimension, scale } = options;
  const scores = new Float64Array(batchSize * batchSize);
  for (let i = 0; i < batchSize; i += 1) {
    const queryOffset = i * dimension;
    for (let j = 0; j < batchSize; j += 1) {
      const documentOffset = j * dimension;
      let dot = 0;
      for (let dim = 0; dim < dimension; dim += 1)
        dot += queries[queryOffset + dim]! * documents[documentOffset + dim]!;
      scores[i * batchSize + j] = dot * scale;
    }
  }

  const scoreGradient = new Float64Array(batchSize * batchSize);
  let loss = 0;
  let correct = 0;
  const half = 1 / (2 * batchSize);
  // Rows: each query against all documents.
  for (let i = 0; i < batchSize; i += 1) {
    let max = -Infinity;
    for (let j = 0; j < batchSize; j += 1) max = Math.max(max, scores[i * batchSize + j]!);
    let total = 0;
    for (let j = 0; j < batchSize; j += 1) total += Math.exp(scores[i * batchSize + j]! - max);
    const logTotal = Math.log(total) + max;
    loss -= (scores[i * batchSize + i]! - logTotal) * half;
    if (scores[i * batchSize + i]! >= max) correct += 1;
    for (let j = 0; j < batchSize; j += 1) {
      const probability = Math.exp(scores[i * batchSize + j]! - logTotal);
      scoreGradient[i * batchSize + j]! += (probability - (i === j ? 1 : 0)) * half;
    }
  }
  // Columns: each document against all queries.
  for (let j = 0; j < batchSize; j += 1) {
    let max = -Infinity;
    for (let i = 0; i < batchSize; i += 1) max = Math.max(max, scores[i * batchSize + j]!);
    let total = 0;
    for (let i = 0; i < batchSize; i += 1) total += Math.exp(scores[i * batchSize + j]! - max);
    const logTotal = Math.log(total) + max;
    loss -= (scores[j * batchSize + j]! - logTotal) * half;
    for (let i = 0; i < batchSize; i += 1) {
      const probability = Math.exp(scores[i * batchSize + j]! - logTotal);
      scoreGradient[i * batchSize + j]! += (probability - (i === j ? 1 : 0)) * half;
    }
  }

  // dQ = scale * G D,  dD = scale * G^T Q.
  const queryGradient = new Float32Array(batchSize * dimension);
  const documentGradient = new Float32Array(batchSize * dimension);
  const row = new Float64Array(dimension);
  for (let i = 0; i < batchSize; i += 1) {
    row.fill(0);
    for (let j = 0; j < batchSize; j += 1) {
      const weight = scoreGradient[i * batchSize + j]! * scale;
      if (weight === 0) continue;
      const documentOffset = j * dimension;
      for (let dim = 0; dim < dimension; dim += 1)
        row[dim]! += weight * documents[documentOffset + dim]!;
    }
    queryGradient.set(row, i * dimension);
  }
  for (let j = 0; j < batchSize; j += 1) {
    row.fill(0);
    for (let i = 0; i < batchSize; i += 1) {
      const weight = scoreGradient[i * batchSize + j]! * scale;
      if (weight === 0) continue;
      const queryOffset = i * dimension;
      for (let dim = 0; dim < dimension; dim += 1)
        row[dim]! += weight * queries[queryOffset + dim]!;
    }
    documentGradient.set(row, j * dimension);
  }
  return { loss, queryGradient, documentGradient, accuracy: correct / batchSize };
}
