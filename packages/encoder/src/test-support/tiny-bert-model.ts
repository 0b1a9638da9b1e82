/**
 * @module Writes a BERT-architecture ONNX model folder with random weights (embeddings, one
 * self-attention layer, a GELU feed-forward block, LayerNorms, output `last_hidden_state`), the way
 * sentence-transformers exports look, so the Embedder's token-output path is tested without a
 * downloaded model.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OnnxGraphBuilder } from '../onnx/onnx-graph-builder.js';
import { createSeededRandom } from '@quarry/core';
import type { RandomSource } from '@quarry/core';
import type { PoolingMode } from '../model-files/model-folder.js';

export interface WriteTinyBertModelOptions {
  directory: string;
  /** Folder with the BERT tokenizer.json / tokenizer_config.json to copy. */
  tokenizerDirectory: string;
  seed: number;
  hiddenSize?: number;
  maxPositions?: number;
  pooling?: PoolingMode;
  /** Put the ONNX file at onnx/model.onnx (Optimum/Xenova layout) instead of model.onnx. */
  onnxSubfolder?: boolean;
}

const vocabularySize = 30522;

export async function writeTinyBertModel(options: WriteTinyBertModelOptions): Promise<void> {
  const hiddenSize = options.hiddenSize ?? 16;
  const maxPositions = options.maxPositions ?? 64;
  const random = createSeededRandom(options.seed);
  const bytes = buildTinyBertGraph({ random, hiddenSize, maxPositions });
  const modelDirectory = options.onnxSubfolder
    ? join(options.directory, 'onnx')
    : options.directory;
  await mkdir(modelDirectory, { recursive: true });
  await writeFile(join(modelDirectory, 'model.onnx'), bytes);
  for (const file of ['tokenizer.json', 'tokenizer_config.json']) {
    await copyFile(join(options.tokenizerDirectory, file), join(options.directory, file));
  }
  const config = {
    _name_or_path: 'tiny-random-bert',
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: hiddenSize,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: hiddenSize * 4,
    max_position_embeddings: maxPositions,
    vocab_size: vocabularySize,
    type_vocab_size: 2,
  };
  await writeFile(join(options.directory, 'config.json'), JSON.stringify(config, null, 2));
  const pooling = options.pooling ?? 'mean';
  await mkdir(join(options.directory, '1_Pooling'), { recursive: true });
  await writeFile(
    join(options.directory, '1_Pooling', 'config.json'),
    JSON.stringify({
      word_embedding_dimension: hiddenSize,
      pooling_mode_cls_token: pooling === 'cls',
      pooling_mode_mean_tokens: pooling === 'mean',
      pooling_mode_max_tokens: pooling === 'max',
      pooling_mode_mean_sqrt_len_tokens: false,
    }),
  );
}

interface BuildTinyBertGraphOptions {
  random: RandomSource;
  hiddenSize: number;
  maxPositions: number;
}

function buildTinyBertGraph(options: BuildTinyBertGraphOptions): Uint8Array {
  const { random, hiddenSize, maxPositions } = options;
  const graph = new OnnxGraphBuilder('tiny_bert');
  const randomTensor = (name: string, dims: number[], scale = 0.2): string =>
    graph.addFloatTensor(
      name,
      dims,
      Float32Array.from(
        { length: dims.reduce((a, b) => a * b, 1) },
        () => random.nextGaussian() * scale,
      ),
    );
  const constantTensor = (name: string, dims: number[], value: number): string =>
    graph.addFloatTensor(name, dims, new Float32Array(dims.reduce((a, b) => a * b, 1)).fill(value));
  const layerNorm = (input: string, prefix: string): string =>
    graph.addNode({
      opType: 'LayerNormalization',
      inputs: [
        input,
        constantTensor(`${prefix}_gamma`, [hiddenSize], 1),
        constantTensor(`${prefix}_beta`, [hiddenSize], 0),
      ],
      attributes: { axis: { type: 'int', value: -1 }, epsilon: { type: 'float', value: 1e-12 } },
      output: `${prefix}_out`,
    });
  const dense = (input: string, prefix: string, inputSize: number, outputSize: number): string => {
    const product = graph.addNode({
      opType: 'MatMul',
      inputs: [input, randomTensor(`${prefix}_weight`, [inputSize, outputSize])],
      output: `${prefix}_matmul`,
    });
    return graph.addNode({
      opType: 'Add',
      inputs: [product, randomTensor(`${prefix}_bias`, [outputSize], 0.02)],
      output: `${prefix}_out`,
    });
  };

  // Embeddings: word + position + token type, then LayerNorm.
  const words = graph.addNode({
    opType: 'Gather',
    inputs: [randomTensor('word_embeddings', [vocabularySize, hiddenSize], 1), 'input_ids'],
    output: 'word_vectors',
  });
  const inputShape = graph.addNode({
    opType: 'Shape',
    inputs: ['input_ids'],
    output: 'input_shape',
  });
  const sequenceLength = graph.addNode({
    opType: 'Gather',
    inputs: [inputShape, graph.addInt64Tensor('sequence_axis', [], [1])],
    output: 'sequence_length',
  });
  const positions = graph.addNode({
    opType: 'Range',
    inputs: [
      graph.addInt64Tensor('range_start', [], [0]),
      sequenceLength,
      graph.addInt64Tensor('range_step', [], [1]),
    ],
    output: 'positions',
  });
  const positionVectors = graph.addNode({
    opType: 'Gather',
    inputs: [randomTensor('position_embeddings', [maxPositions, hiddenSize], 0.5), positions],
    output: 'position_vectors',
  });
  const typeVectors = graph.addNode({
    opType: 'Gather',
    inputs: [randomTensor('token_type_embeddings', [2, hiddenSize], 0.5), 'token_type_ids'],
    output: 'type_vectors',
  });
  const summed = graph.addNode({
    opType: 'Add',
    inputs: [graph.addNode({ opType: 'Add', inputs: [words, positionVectors] }), typeVectors],
    output: 'embedding_sum',
  });
  const embedded = layerNorm(summed, 'embeddings_layer_norm');

  // One single-head self-attention block; padded keys get -10000 before the softmax, as in BERT.
  const query = dense(embedded, 'query', hiddenSize, hiddenSize);
  const key = dense(embedded, 'key', hiddenSize, hiddenSize);
  const value = dense(embedded, 'value', hiddenSize, hiddenSize);
  const keyTransposed = graph.addNode({
    opType: 'Transpose',
    inputs: [key],
    attributes: { perm: { type: 'ints', value: [0, 2, 1] } },
    output: 'key_transposed',
  });
  const scores = graph.addNode({
    opType: 'Div',
    inputs: [
      graph.addNode({ opType: 'MatMul', inputs: [query, keyTransposed], output: 'raw_scores' }),
      graph.addFloatScalar('score_scale', Math.sqrt(hiddenSize)),
    ],
    output: 'scores',
  });
  const maskFloat = graph.addNode({
    opType: 'Cast',
    inputs: ['attention_mask'],
    attributes: { to: { type: 'int', value: 1 } },
    output: 'mask_float',
  });
  const maskBias = graph.addNode({
    opType: 'Mul',
    inputs: [
      graph.addNode({
        opType: 'Sub',
        inputs: [graph.addFloatScalar('one', 1), maskFloat],
        output: 'mask_inverse',
      }),
      graph.addFloatScalar('mask_penalty', -10000),
    ],
    output: 'mask_bias',
  });
  const maskBiasRow = graph.addNode({
    opType: 'Unsqueeze',
    inputs: [maskBias, graph.addInt64Tensor('query_axis', [1], [1])],
    output: 'mask_bias_row',
  });
  const probabilities = graph.addNode({
    opType: 'Softmax',
    inputs: [
      graph.addNode({ opType: 'Add', inputs: [scores, maskBiasRow], output: 'masked_scores' }),
    ],
    attributes: { axis: { type: 'int', value: -1 } },
    output: 'attention_probabilities',
  });
  const context = graph.addNode({
    opType: 'MatMul',
    inputs: [probabilities, value],
    output: 'context',
  });
  const attentionOutput = dense(context, 'attention_output', hiddenSize, hiddenSize);
  const afterAttention = layerNorm(
    graph.addNode({
      opType: 'Add',
      inputs: [embedded, attentionOutput],
      output: 'attention_residual',
    }),
    'attention_layer_norm',
  );

  // Feed-forward with exact GELU: 0.5 x (1 + erf(x / sqrt 2)).
  const intermediate = dense(afterAttention, 'intermediate', hiddenSize, hiddenSize * 4);
  const erf = graph.addNode({
    opType: 'Erf',
    inputs: [
      graph.addNode({
        opType: 'Div',
        inputs: [intermediate, graph.addFloatScalar('sqrt_two', Math.SQRT2)],
      }),
    ],
  });
  const gelu = graph.addNode({
    opType: 'Mul',
    inputs: [
      graph.addNode({ opType: 'Mul', inputs: [intermediate, graph.addFloatScalar('half', 0.5)] }),
      graph.addNode({ opType: 'Add', inputs: [erf, graph.addFloatScalar('one_for_gelu', 1)] }),
    ],
    output: 'gelu',
  });
  const feedForward = dense(gelu, 'output', hiddenSize * 4, hiddenSize);
  const residual = graph.addNode({
    opType: 'Add',
    inputs: [afterAttention, feedForward],
    output: 'output_residual',
  });
  const finalNorm = graph.addNode({
    opType: 'LayerNormalization',
    inputs: [
      residual,
      constantTensor('output_gamma', [hiddenSize], 1),
      constantTensor('output_beta', [hiddenSize], 0),
    ],
    attributes: { axis: { type: 'int', value: -1 }, epsilon: { type: 'float', value: 1e-12 } },
    output: 'last_hidden_state',
  });

  return graph.build({
    inputs: [
      { name: 'input_ids', elementType: 'int64', shape: ['batch', 'sequence'] },
      { name: 'attention_mask', elementType: 'int64', shape: ['batch', 'sequence'] },
      { name: 'token_type_ids', elementType: 'int64', shape: ['batch', 'sequence'] },
    ],
    outputs: [{ name: finalNorm, elementType: 'float', shape: ['batch', 'sequence', hiddenSize] }],
  });
}
