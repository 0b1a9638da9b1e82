/**
 * @module Reads a model folder in Hugging Face / sentence-transformers ONNX layout: where the ONNX
 * file and tokenizer are, which pooling the model declares, and its maximum sequence length.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { AppError } from '@quarry/core';

export const poolingModes = ['mean', 'cls', 'max'] as const;

export type PoolingMode = (typeof poolingModes)[number];

export const modelFolderKinds = ['onnx', 'model2vec', 'unknown'] as const;

export type ModelFolderKind = (typeof modelFolderKinds)[number];

export interface ModelFolderDescription {
  directory: string;
  /** A readable name: `_name_or_path` from config.json, else the folder name. */
  name: string;
  modelFile: string;
  tokenizerFile: string;
  /** The parsed tokenizer.json. */
  tokenizerJson: Readonly<Record<string, unknown>>;
  /** tokenizer_config.json, or an empty object when the folder has none. */
  tokenizerConfig: Readonly<Record<string, unknown>>;
  /** Pooling declared by the folder (1_Pooling/config.json); undefined when it declares none. */
  declaredPooling: PoolingMode | undefined;
  /** Longest token sequence (special tokens included) the model is given. */
  maxLength: number;
  /** Text put before a query and before a passage (empty when the model asks for none). */
  prompts: ModelPrompts;
  /** `similarity_floor` of quarry_config.json (see Embedder.similarityFloor); 0 when absent. */
  similarityFloor: number;
  /**
   * The folder whose word-vector files (word-vectors.*) the model uses: `word_vectors_from` of
   * quarry_config.json, relative to this folder, so a shipped transformer shares the general-English
   * word vectors of the static model beside it instead of a second copy; else this folder.
   */
  wordVectorsDirectory: string;
  /**
   * What the model does: `embedder` (texts to vectors) or `cross-encoder` (a query and a passage
   * to one relevance score), from `kind` of quarry_config.json; `embedder` when absent.
   */
  role: ModelRole;
  /**
   * The cross-encoder folder that reorders this embedder's best answers: `reranker_from` of
   * quarry_config.json, relative to this folder; undefined when the folder names none.
   */
  rerankerDirectory: string | undefined;
}

export const modelRoles = ['embedder', 'cross-encoder'] as const;
export type ModelRole = (typeof modelRoles)[number];

export interface ModelPrompts {
  query: string;
  passage: string;
}

/** Sequence length used when a folder states none: BERT's position table size. */
export const fallbackMaxLength = 512;

/** Locations of the ONNX file, in the order sentence-transformers and Optimum/Xenova export them. */
const modelFileCandidates = ['model.onnx', join('onnx', 'model.onnx')];

/** Tells an ONNX folder from a Model2Vec one (which has weights in safetensors and no ONNX file). */
export function detectModelFolderKind(directory: string): ModelFolderKind {
  if (modelFileCandidates.some((candidate) => existsSync(join(directory, candidate))))
    return 'onnx';
  if (
    existsSync(join(directory, 'model.safetensors')) &&
    existsSync(join(directory, 'tokenizer.json'))
  ) {
    return 'model2vec';
  }
  return 'unknown';
}

export async function readModelFolder(directory: string): Promise<ModelFolderDescription> {
  const modelFile = modelFileCandidates
    .map((candidate) => join(directory, candidate))
    .find((candidate) => existsSync(candidate));
  if (!modelFile) {
    throw new AppError({
      code: 'not_found',
      message: 'no model.onnx or onnx/model.onnx in the model folder',
      where: directory,
      fix: 'point at a folder exported with sentence-transformers or Optimum, or import a Model2Vec folder first',
    });
  }
  const tokenizerFile = join(directory, 'tokenizer.json');
  if (!existsSync(tokenizerFile)) {
    throw new AppError({
      code: 'not_found',
      message: 'the model folder has no tokenizer.json',
      where: directory,
      fix: 'save the tokenizer next to the model (tokenizer.save_pretrained)',
    });
  }
  const config = await readOptionalJson(join(directory, 'config.json'));
  const tokenizerConfig = await readOptionalJson(join(directory, 'tokenizer_config.json'));
  const tokenizerJson = await readOptionalJson(tokenizerFile);
  const sentenceBertConfig = await readOptionalJson(join(directory, 'sentence_bert_config.json'));
  const poolingConfig = await readPoolingConfig(directory);
  const quarryConfig = await readOptionalJson(join(directory, quarryConfigFile));
  const sentenceTransformersConfig = await readOptionalJson(
    join(directory, 'config_sentence_transformers.json'),
  );

  const nameFromConfig = typeof config['_name_or_path'] === 'string' ? config['_name_or_path'] : '';
  return {
    directory,
    name: nameFromConfig || basename(directory),
    modelFile,
    tokenizerFile,
    tokenizerJson,
    tokenizerConfig,
    declaredPooling: poolingConfig ? poolingModeFromConfig(poolingConfig, directory) : undefined,
    maxLength: resolveMaxLength({ config, tokenizerConfig, tokenizerJson, sentenceBertConfig }),
    prompts: promptsFromConfig(sentenceTransformersConfig),
    similarityFloor: similarityFloorFrom(quarryConfig, directory),
    wordVectorsDirectory:
      typeof quarryConfig['word_vectors_from'] === 'string'
        ? resolve(directory, quarryConfig['word_vectors_from'])
        : directory,
    role: roleFrom(quarryConfig, directory),
    rerankerDirectory:
      typeof quarryConfig['reranker_from'] === 'string'
        ? resolve(directory, quarryConfig['reranker_from'])
        : undefined,
  };
}

/**
 * Quarry's own facts about a model folder, written by scripts/derive-model-folder.mjs (source.json) when the folder is
 * made: `similarity_floor`, the mean cosine of a query and an unrelated passage,
 * `word_vectors_from`, the folder of the word vectors it uses, `reranker_from`, the cross-encoder
 * that reorders its best answers, and `kind` (`cross-encoder` for such a model).
 */
export const quarryConfigFile = 'quarry_config.json';

function roleFrom(config: Record<string, unknown>, directory: string): ModelRole {
  const kind = config['kind'] ?? 'embedder';
  if (typeof kind === 'string' && (modelRoles as readonly string[]).includes(kind)) {
    return kind as ModelRole;
  }
  throw new AppError({
    code: 'invalid_input',
    message: `kind must be one of ${modelRoles.join(', ')}, got ${JSON.stringify(kind)}`,
    where: join(directory, quarryConfigFile),
  });
}

function similarityFloorFrom(config: Record<string, unknown>, directory: string): number {
  const floor = config['similarity_floor'];
  if (floor === undefined) return 0;
  if (typeof floor !== 'number' || !(floor >= 0 && floor < 1)) {
    throw new AppError({
      code: 'invalid_input',
      message: `similarity_floor must be a number in [0, 1), got ${JSON.stringify(floor)}`,
      where: join(directory, quarryConfigFile),
      fix: 'measure it again and write it into source.json (scripts/derive-model-folder.mjs), or remove the field',
    });
  }
  return floor;
}

/**
 * sentence-transformers (3.x) keeps a model's instructions in config_sentence_transformers.json as
 * `prompts: { name: text }`; `query` is universal, and the passage side is named `passage` (e5) or
 * `document` by other exports.
 */
function promptsFromConfig(config: Record<string, unknown>): ModelPrompts {
  const prompts = config['prompts'];
  const table =
    typeof prompts === 'object' && prompts !== null ? (prompts as Record<string, unknown>) : {};
  const text = (name: string): string | undefined =>
    typeof table[name] === 'string' ? table[name] : undefined;
  return {
    query: text('query') ?? '',
    passage: text('passage') ?? text('document') ?? '',
  };
}

interface MaxLengthSources {
  config: Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
  tokenizerJson: Record<string, unknown>;
  sentenceBertConfig: Record<string, unknown>;
}

/**
 * sentence-transformers' own setting wins, then the tokenizer's truncation, then the tokenizer
 * config; all are capped by the position table (`max_position_embeddings`) when the model has one.
 */
function resolveMaxLength(sources: MaxLengthSources): number {
  const truncation = sources.tokenizerJson['truncation'];
  const truncationLength =
    typeof truncation === 'object' && truncation !== null
      ? (truncation as Record<string, unknown>)['max_length']
      : undefined;
  const candidates = [
    sources.sentenceBertConfig['max_seq_length'],
    truncationLength,
    sources.tokenizerConfig['model_max_length'],
  ];
  // tokenizer_config uses a huge sentinel (1e30) for "no limit".
  const stated = candidates.find(
    (value): value is number => typeof value === 'number' && value > 0 && value < 1_000_000,
  );
  const positions = sources.config['max_position_embeddings'];
  const positionLimit = typeof positions === 'number' && positions > 0 ? positions : undefined;
  const chosen = stated ?? positionLimit ?? fallbackMaxLength;
  return positionLimit ? Math.min(chosen, positionLimit) : chosen;
}

async function readPoolingConfig(directory: string): Promise<Record<string, unknown> | undefined> {
  // modules.json names the pooling module's folder; 1_Pooling is the conventional name.
  const modules = await readOptionalJsonValue(join(directory, 'modules.json'));
  let poolingPath = '1_Pooling';
  if (Array.isArray(modules)) {
    for (const module of modules as Record<string, unknown>[]) {
      const type = module['type'];
      const path = module['path'];
      if (typeof type === 'string' && type.endsWith('.Pooling') && typeof path === 'string')
        poolingPath = path;
    }
  }
  const file = join(directory, poolingPath, 'config.json');
  return existsSync(file) ? readOptionalJson(file) : undefined;
}

function poolingModeFromConfig(config: Record<string, unknown>, directory: string): PoolingMode {
  if (config['pooling_mode_cls_token'] === true) return 'cls';
  // Mean and mean-over-sqrt(length) differ only by a per-text scale, which L2 normalisation removes.
  if (
    config['pooling_mode_mean_tokens'] === true ||
    config['pooling_mode_mean_sqrt_len_tokens'] === true
  ) {
    return 'mean';
  }
  if (config['pooling_mode_max_tokens'] === true) return 'max';
  throw new AppError({
    code: 'unsupported',
    message: `unsupported pooling in 1_Pooling/config.json: ${JSON.stringify(config)}`,
    where: directory,
    fix: 'use a model with mean, CLS or max pooling, or pass the pooling option explicitly',
  });
}

async function readOptionalJson(file: string): Promise<Record<string, unknown>> {
  const value = await readOptionalJsonValue(file);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

async function readOptionalJsonValue(file: string): Promise<unknown> {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the file is not valid JSON',
      where: file,
      fix: 'restore the file from the model source',
      cause: error,
    });
  }
}
