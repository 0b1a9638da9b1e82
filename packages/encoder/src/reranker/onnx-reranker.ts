/**
 * @module A cross-encoder on onnxruntime-node: reads a question and each candidate passage together
 * and gives one relevance score per pair (the model's logit; higher is more relevant). Quarry
 * uses it to reorder the hybrid ranking's best answers (frames' rerank step), where a bi-encoder
 * and BM25 have already picked the candidates. Runs wherever its caller runs; the embedding worker
 * hosts it beside the embedder, so a server's event loop never waits on it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { AppError, toAppError } from '@quarry/core';
import { immediateTurn } from '../embedder/batch-turns.js';
import type { TakeTurn } from '../embedder/batch-turns.js';
import { loadHuggingFaceTokenizer } from '../embedder/hugging-face-tokenizer.js';
import { readModelFolder } from '../model-files/model-folder.js';
import { openInferenceSession } from '../onnx/inference-session.js';
import { pairInputs } from './pair-inputs.js';

/** Pairs per onnxruntime run. */
export const defaultRerankBatchSize = 8;
/** Tokens of the question a pair keeps (a question longer than this is cut). */
export const rerankMaxQueryTokens = 64;
/** Longest pair row; candidate passages are sentences, so the cut almost never bites. */
export const rerankMaxLength = 256;

export interface OnnxReranker {
  /** `<name>@<first 12 hex of the ONNX file's sha256>`. */
  readonly modelId: string;
  /** One score per passage, in the passages' order. */
  score(query: string, passages: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}

export interface CreateOnnxRerankerOptions {
  modelDirectory: string;
  intraOpNumThreads?: number | undefined;
  batchSize?: number | undefined;
  /** When each batch may run (default: at once); the embedding worker shares its turns. */
  takeTurn?: TakeTurn | undefined;
}

const requiredInputs = ['input_ids', 'attention_mask', 'token_type_ids'];

export async function createOnnxReranker(
  options: CreateOnnxRerankerOptions,
): Promise<OnnxReranker> {
  const folder = await readModelFolder(options.modelDirectory);
  if (folder.role !== 'cross-encoder') {
    throw new AppError({
      code: 'invalid_input',
      message: 'the reranker folder is not a cross-encoder (quarry_config.json kind)',
      where: folder.directory,
      fix: 'point reranker_from at a folder whose quarry_config.json says "kind": "cross-encoder"',
    });
  }
  const modelBytes = await readFile(folder.modelFile);
  const modelId = `${folder.name}@${createHash('sha256').update(modelBytes).digest('hex').slice(0, 12)}`;
  const session = await openInferenceSession({
    model: modelBytes,
    where: folder.modelFile,
    intraOpNumThreads: options.intraOpNumThreads,
  });
  const missing = requiredInputs.filter((name) => !session.inputNames.includes(name));
  const outputName = session.outputNames[0];
  if (missing.length > 0 || outputName === undefined) {
    await session.release();
    throw new AppError({
      code: 'unsupported',
      message: `model inputs [${session.inputNames.join(', ')}] are not a BERT cross-encoder's (${requiredInputs.join(', ')}, one output)`,
      where: folder.modelFile,
    });
  }
  // The shipped tokenizer.json pads every text to 512 tokens; pairs are padded per batch instead.
  const tokenizer = loadHuggingFaceTokenizer(
    { ...folder.tokenizerJson, padding: null, truncation: null },
    folder.tokenizerConfig,
  );
  const special = {
    classify: tokenIdOf(tokenizer.token_to_id('[CLS]'), '[CLS]', folder.directory),
    separator: tokenIdOf(tokenizer.token_to_id('[SEP]'), '[SEP]', folder.directory),
  };
  const idsOf = (text: string): number[] =>
    // A passage is cut to a few times the row's length in characters before tokenising.
    tokenizer.encode(text.slice(0, rerankMaxLength * 16), { add_special_tokens: false }).ids;
  const batchSize = Math.max(1, options.batchSize ?? defaultRerankBatchSize);
  const takeTurn = options.takeTurn ?? immediateTurn;

  const runBatch = async (query: readonly number[], passages: number[][]): Promise<number[]> => {
    const inputs = pairInputs({
      ids: { query, passages },
      special,
      maxQueryTokens: rerankMaxQueryTokens,
      maxLength: Math.min(rerankMaxLength, folder.maxLength),
    });
    const dims = [inputs.rows, inputs.sequenceLength];
    try {
      const output = (
        await session.run(
          {
            input_ids: new ort.Tensor('int64', inputs.inputIds, dims),
            attention_mask: new ort.Tensor('int64', inputs.attentionMask, dims),
            token_type_ids: new ort.Tensor('int64', inputs.tokenTypeIds, dims),
          },
          [outputName],
        )
      )[outputName];
      const data = output?.data;
      if (!(data instanceof Float32Array)) throw new Error('the output is not float32');
      const width = data.length / inputs.rows;
      // One logit per pair ([batch, 1]); a two-class head scores with its "relevant" logit.
      return Array.from({ length: inputs.rows }, (_, row) => data[row * width + width - 1]!);
    } catch (error) {
      throw toAppError(error, {
        code: 'model_failure',
        message: 'onnxruntime failed to run the cross-encoder',
        where: folder.modelFile,
      });
    }
  };

  return {
    modelId,
    async score(query, passages) {
      if (passages.length === 0) return [];
      const queryIds = idsOf(query);
      const passageIds = passages.map(idsOf);
      const scores: number[] = [];
      for (let start = 0; start < passageIds.length; start += batchSize) {
        const batch = passageIds.slice(start, start + batchSize);
        scores.push(...(await takeTurn('query', () => runBatch(queryIds, batch))));
      }
      return scores;
    },
    close: () => session.release(),
  };
}

function tokenIdOf(id: number | undefined, token: string, directory: string): number {
  if (id !== undefined) return id;
  throw new AppError({
    code: 'unsupported',
    message: `the cross-encoder's tokenizer has no ${token} token`,
    where: directory,
  });
}
