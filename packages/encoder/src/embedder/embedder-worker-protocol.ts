/**
 * @module The messages between the embedding worker (embedder-worker.ts) and its client
 * (worker-embedder.ts): numbered embed requests with one reply each, the loaded model's
 * description once, debug lines, and errors as plain fields (an AppError's code, place and fix do
 * not survive the structured clone on their own).
 */
import { AppError, isAppError } from '@quarry/core';
import type { AppErrorCode, EmbedPurpose } from '@quarry/core';
import type { ModelPrompts, PoolingMode } from '../model-files/model-folder.js';

/** What the worker is started with: the embedder's options that are plain data. */
export interface EmbedderWorkerData {
  modelDirectory: string;
  modelId?: string;
  intraOpNumThreads?: number;
  batchSize?: number;
  pooling?: PoolingMode;
  maxLength?: number;
  /** Whether debug lines are sent back. */
  debug: boolean;
}

/** The loaded model, as the client's Embedder reports it. */
export interface EmbedderDescription {
  modelId: string;
  dimension: number;
  maxLength: number;
  pooling: PoolingMode | 'model';
  inputNames: string[];
  prompts: ModelPrompts;
  /** The reranker the folder names (reranker_from), loaded on the worker too. */
  rerankerId?: string;
}

export type EmbedderWorkerRequest =
  | { kind: 'embed'; id: number; texts: string[]; purpose: EmbedPurpose }
  | { kind: 'rerank'; id: number; query: string; passages: string[] }
  | { kind: 'close' };

export interface SerializedFailure {
  message: string;
  code?: AppErrorCode;
  where?: string;
  fix?: string;
  stack?: string;
}

export type EmbedderWorkerReply =
  | { kind: 'ready'; description: EmbedderDescription }
  | { kind: 'failed'; error: SerializedFailure }
  | { kind: 'vectors'; id: number; vectors: Float32Array[] }
  | { kind: 'scores'; id: number; scores: number[] }
  | { kind: 'error'; id: number; error: SerializedFailure }
  | { kind: 'debug'; message: string; fields?: Record<string, unknown> }
  | { kind: 'closed' };

export function serializedFailure(error: unknown): SerializedFailure {
  if (!(error instanceof Error)) return { message: String(error) };
  const stack = error.stack === undefined ? {} : { stack: error.stack };
  if (!isAppError(error)) return { message: error.message, ...stack };
  // AppError's message carries "where: " before and " (fix)" after the message it was given.
  let message = error.message;
  if (error.where && message.startsWith(`${error.where}: `))
    message = message.slice(error.where.length + 2);
  if (error.fix && message.endsWith(` (${error.fix})`))
    message = message.slice(0, -(error.fix.length + 3));
  return {
    message,
    code: error.code,
    ...(error.where ? { where: error.where } : {}),
    ...(error.fix ? { fix: error.fix } : {}),
    ...stack,
  };
}

/** An AppError like the worker's, its stack kept as the cause. */
export function revivedFailure(failure: SerializedFailure): AppError {
  return new AppError({
    code: failure.code ?? 'model_failure',
    message: failure.code ? failure.message : `the embedding worker failed: ${failure.message}`,
    ...(failure.where ? { where: failure.where } : {}),
    ...(failure.fix ? { fix: failure.fix } : {}),
    ...(failure.stack ? { cause: `in the embedding worker: ${failure.stack}` } : {}),
  });
}
