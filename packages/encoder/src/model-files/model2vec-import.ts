/**
 * @module Converts a Model2Vec folder (model.safetensors + tokenizer.json [+ config.json]) into an
 * ONNX model folder the Embedder loads like any other. Model2Vec encodes a text as the mean of its
 * token vectors, where a token's vector is `embeddings[mapping[id]] * weights[id]` when the model was
 * vocabulary-quantised (https://github.com/MinishLab/model2vec), then L2-normalises.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AppError, toAppError } from '@quarry/core';
import { buildStaticEmbeddingGraph } from '../onnx/static-embedding-graph.js';
import { readSafetensors, safetensorToFloat32, safetensorToInt32 } from './safetensors-reader.js';
import { fallbackMaxLength } from './model-folder.js';

export interface ImportModel2VecOptions {
  /** The Model2Vec folder. */
  from: string;
  /** The ONNX model folder to write (created if missing). */
  to: string;
}

export interface ImportedModelSummary {
  directory: string;
  vocabularySize: number;
  dimension: number;
  /** Distinct embedding rows (fewer than the vocabulary when the vocabulary was quantised). */
  rowCount: number;
  /** sha256 of the source model.safetensors, recorded in quarry-import.json. */
  sourceSha256: string;
}

/** Files carried over unchanged: the model card and licence travel with the weights. */
const filesCopiedAsIs = [
  'tokenizer.json',
  'tokenizer_config.json',
  'special_tokens_map.json',
  'README.md',
  'LICENSE',
];

export async function importModel2Vec(
  options: ImportModel2VecOptions,
): Promise<ImportedModelSummary> {
  const { from, to } = options;
  const safetensorsFile = join(from, 'model.safetensors');
  const tokenizerFile = join(from, 'tokenizer.json');
  if (!existsSync(safetensorsFile) || !existsSync(tokenizerFile)) {
    throw new AppError({
      code: 'not_found',
      message: 'not a Model2Vec folder: model.safetensors and tokenizer.json are both required',
      where: from,
      fix: 'download the whole Model2Vec repository (e.g. minishlab/potion-base-8M)',
    });
  }
  const safetensorsBytes = await readFile(safetensorsFile);
  const tokenizerJson = JSON.parse(await readFile(tokenizerFile, 'utf8')) as Record<
    string,
    unknown
  >;
  const config = existsSync(join(from, 'config.json'))
    ? (JSON.parse(await readFile(join(from, 'config.json'), 'utf8')) as Record<string, unknown>)
    : {};

  let graph: Uint8Array;
  let summary: Omit<ImportedModelSummary, 'directory' | 'sourceSha256'>;
  try {
    const { tensors } = readSafetensors(safetensorsBytes);
    // Older Model2Vec and sentence-transformers StaticEmbedding exports name the table "0".
    const embeddingTensor = tensors.get('embeddings') ?? tensors.get('0');
    if (!embeddingTensor || embeddingTensor.shape.length !== 2) {
      throw new RangeError('model.safetensors has no two-dimensional "embeddings" tensor');
    }
    const [rowCount = 0, dimension = 0] = embeddingTensor.shape;
    const vocabulary = tokenizerVocabulary(tokenizerJson);
    const vocabularySize = Math.max(vocabulary.size, rowCount);
    const mappingTensor = tensors.get('mapping');
    const weightTensor = tensors.get('weights');
    const tokenToRow = mappingTensor
      ? padIndexTable(safetensorToInt32(mappingTensor), vocabularySize)
      : undefined;
    if (!tokenToRow && rowCount < vocabularySize) {
      throw new RangeError(
        `${rowCount} embedding rows for ${vocabularySize} tokens and no "mapping" tensor`,
      );
    }
    const tokenWeights = new Float32Array(vocabularySize).fill(1);
    if (weightTensor)
      tokenWeights.set(safetensorToFloat32(weightTensor).subarray(0, vocabularySize));
    // Model2Vec drops the unknown token and encodes without special tokens; a zero weight does both
    // (the mean's denominator does not matter after L2 normalisation).
    for (const id of tokensToIgnore(tokenizerJson, vocabulary)) tokenWeights[id] = 0;
    // Ids the mapping does not cover (tokens added after distillation) have no vector of their own.
    if (mappingTensor) tokenWeights.fill(0, mappingTensor.shape[0] ?? vocabularySize);
    graph = buildStaticEmbeddingGraph({
      embeddings: safetensorToFloat32(embeddingTensor),
      dimension,
      vocabularySize,
      ...(tokenToRow ? { tokenToRow } : {}),
      tokenWeights,
      docString: 'Model2Vec static embedding, converted by Quarry (importModel2Vec)',
    });
    summary = { vocabularySize, dimension, rowCount };
  } catch (error) {
    throw toAppError(error, {
      code: 'invalid_input',
      message: 'could not convert the Model2Vec model',
      where: from,
      fix: 'check that model.safetensors and tokenizer.json come from the same Model2Vec model',
    });
  }

  await mkdir(to, { recursive: true });
  await writeFile(join(to, 'model.onnx'), graph);
  for (const file of filesCopiedAsIs) {
    if (existsSync(join(from, file))) await copyFile(join(from, file), join(to, file));
  }
  await writeFile(join(to, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  // Model2Vec's own encode() truncates at 512 tokens by default.
  const sentenceBertConfig = { max_seq_length: fallbackMaxLength, do_lower_case: false };
  await writeFile(
    join(to, 'sentence_bert_config.json'),
    `${JSON.stringify(sentenceBertConfig, null, 2)}\n`,
  );
  const sourceSha256 = createHash('sha256').update(safetensorsBytes).digest('hex');
  const provenance = { converted_from: 'model2vec', source_sha256: sourceSha256, ...summary };
  await writeFile(join(to, 'quarry-import.json'), `${JSON.stringify(provenance, null, 2)}\n`);
  return { directory: to, sourceSha256, ...summary };
}

/** token -> id over the model vocabulary and the added tokens. */
function tokenizerVocabulary(tokenizerJson: Record<string, unknown>): Map<string, number> {
  const vocabulary = new Map<string, number>();
  const model = (tokenizerJson['model'] ?? {}) as Record<string, unknown>;
  const vocab = model['vocab'];
  if (Array.isArray(vocab)) {
    // Unigram: [token, score] pairs, id = position.
    vocab.forEach((entry, id) => vocabulary.set(String((entry as unknown[])[0]), id));
  } else if (typeof vocab === 'object' && vocab !== null) {
    for (const [token, id] of Object.entries(vocab as Record<string, number>))
      vocabulary.set(token, id);
  }
  for (const added of (tokenizerJson['added_tokens'] ?? []) as { id: number; content: string }[]) {
    vocabulary.set(added.content, added.id);
  }
  return vocabulary;
}

function tokensToIgnore(
  tokenizerJson: Record<string, unknown>,
  vocabulary: Map<string, number>,
): number[] {
  const ids: number[] = [];
  const model = (tokenizerJson['model'] ?? {}) as Record<string, unknown>;
  if (typeof model['unk_id'] === 'number') ids.push(model['unk_id']);
  if (typeof model['unk_token'] === 'string') {
    const id = vocabulary.get(model['unk_token']);
    if (id !== undefined) ids.push(id);
  }
  for (const added of (tokenizerJson['added_tokens'] ?? []) as {
    id: number;
    special?: boolean;
  }[]) {
    if (added.special) ids.push(added.id);
  }
  return ids;
}

/** Ids past the mapping's end point at row 0; their weight is zero, so the row does not matter. */
function padIndexTable(table: Int32Array, length: number): Int32Array {
  if (table.length >= length) return table.subarray(0, length);
  const padded = new Int32Array(length);
  padded.set(table);
  return padded;
}
