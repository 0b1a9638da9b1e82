/**
 * @module The ONNX graph of a static (bag-of-token-vectors) sentence embedding: look up one vector
 * per token, take the attention-masked weighted mean, L2-normalise. Used for Quarry's own model and
 * for Model2Vec imports (whose vocabulary-quantised form adds a token-to-row table).
 */
import { OnnxGraphBuilder } from './onnx-graph-builder.js';

export interface StaticEmbeddingGraphOptions {
  /** Row-major [rowCount, dimension] table. */
  embeddings: Float32Array;
  dimension: number;
  /** Number of token ids the tokenizer can produce; input ids must be below it. */
  vocabularySize: number;
  /** Maps token id to a row of `embeddings` (Model2Vec vocabulary quantisation); identity when absent. */
  tokenToRow?: Int32Array;
  /** Per-token scalar weights applied before pooling (SIF/Zipf weights); all ones when absent. */
  tokenWeights?: Float32Array;
  docString?: string;
  metadata?: Readonly<Record<string, string>>;
}

/** Name of the graph output: already pooled and L2-normalised, as in sentence-transformers exports. */
export const sentenceEmbeddingOutputName = 'sentence_embedding';

/**
 * Builds `model.onnx` bytes with inputs `input_ids`, `attention_mask` (int64 [batch, sequence]) and
 * output `sentence_embedding` (float32 [batch, dimension]), using only opset-17 core operators.
 */
export function buildStaticEmbeddingGraph(options: StaticEmbeddingGraphOptions): Uint8Array {
  const { embeddings, dimension, vocabularySize } = options;
  if (dimension <= 0 || embeddings.length % dimension !== 0) {
    throw new RangeError(
      `embedding table of ${embeddings.length} values is not a multiple of ${dimension}`,
    );
  }
  const rowCount = embeddings.length / dimension;
  if (!options.tokenToRow && rowCount !== vocabularySize) {
    throw new RangeError(`${rowCount} embedding rows for a vocabulary of ${vocabularySize} tokens`);
  }
  if (options.tokenToRow && options.tokenToRow.length !== vocabularySize) {
    throw new RangeError(
      `token-to-row table has ${options.tokenToRow.length} entries, expected ${vocabularySize}`,
    );
  }
  if (options.tokenWeights && options.tokenWeights.length !== vocabularySize) {
    throw new RangeError(
      `token weights have ${options.tokenWeights.length} entries, expected ${vocabularySize}`,
    );
  }

  const graph = new OnnxGraphBuilder('static_sentence_embedding');
  const table = graph.addFloatTensor('token_embeddings', [rowCount, dimension], embeddings);
  let rows = 'input_ids';
  if (options.tokenToRow) {
    const tokenToRow = graph.addInt64Tensor('token_to_row', [vocabularySize], options.tokenToRow);
    rows = graph.addNode({ opType: 'Gather', inputs: [tokenToRow, 'input_ids'], output: 'rows' });
  }
  const tokenVectors = graph.addNode({
    opType: 'Gather',
    inputs: [table, rows],
    output: 'token_vectors',
  });
  let poolingWeights = graph.addNode({
    opType: 'Cast',
    inputs: ['attention_mask'],
    attributes: { to: { type: 'int', value: 1 } },
    output: 'mask_float',
  });
  if (options.tokenWeights) {
    const weightTable = graph.addFloatTensor(
      'token_weights',
      [vocabularySize],
      options.tokenWeights,
    );
    const weights = graph.addNode({
      opType: 'Gather',
      inputs: [weightTable, 'input_ids'],
      output: 'per_token_weight',
    });
    poolingWeights = graph.addNode({
      opType: 'Mul',
      inputs: [poolingWeights, weights],
      output: 'masked_weight',
    });
  }
  const axisOne = graph.addInt64Tensor('axis_one', [1], [1]);
  const weightRow = graph.addNode({
    opType: 'Unsqueeze',
    inputs: [poolingWeights, axisOne],
    output: 'weight_row',
  });
  // [batch, 1, sequence] x [batch, sequence, dimension]: a masked weighted sum per sentence. The mean's
  // division by the token count is left out on purpose: the L2 normalisation below cancels any scale.
  const summedWithAxis = graph.addNode({
    opType: 'MatMul',
    inputs: [weightRow, tokenVectors],
    output: 'pooled_with_axis',
  });
  const pooled = graph.addNode({
    opType: 'Squeeze',
    inputs: [summedWithAxis, axisOne],
    output: 'pooled',
  });
  const normalised = appendL2Normalisation({
    graph,
    input: pooled,
    output: sentenceEmbeddingOutputName,
  });

  return graph.build({
    inputs: [
      { name: 'input_ids', elementType: 'int64', shape: ['batch', 'sequence'] },
      { name: 'attention_mask', elementType: 'int64', shape: ['batch', 'sequence'] },
    ],
    outputs: [{ name: normalised, elementType: 'float', shape: ['batch', dimension] }],
    ...(options.docString ? { docString: options.docString } : {}),
    ...(options.metadata ? { metadata: options.metadata } : {}),
  });
}

interface AppendL2NormalisationOptions {
  graph: OnnxGraphBuilder;
  input: string;
  output: string;
}

/** x / max(||x||_2, 1e-12) along the last axis of a [batch, dimension] tensor. */
export function appendL2Normalisation(options: AppendL2NormalisationOptions): string {
  const { graph, input } = options;
  const squared = graph.addNode({ opType: 'Mul', inputs: [input, input], output: 'squared' });
  const lastAxis = graph.addInt64Tensor('last_axis', [1], [-1]);
  const sumOfSquares = graph.addNode({
    opType: 'ReduceSum',
    inputs: [squared, lastAxis],
    attributes: { keepdims: { type: 'int', value: 1 } },
    output: 'sum_of_squares',
  });
  const norm = graph.addNode({ opType: 'Sqrt', inputs: [sumOfSquares], output: 'norm' });
  const epsilon = graph.addFloatScalar('norm_floor', 1e-12);
  const safeNorm = graph.addNode({ opType: 'Max', inputs: [norm, epsilon], output: 'safe_norm' });
  return graph.addNode({ opType: 'Div', inputs: [input, safeNorm], output: options.output });
}
