/**
 * @module What `quarry eval answers` and `quarry eval inpaper` share: the frame-index weights a
 * tuning run may override (`--alpha`, `--context-weight`, `--bm25-context-weight`,
 * `--answer-type-weight`, `--question-lexical-weight`, `--word-match-weight`, `--section-preference-weight`,
 * `--table-cell-weight`, `--max-scoped-papers`, `--rerank-depth` (in-paper find's cross-encoder
 * step; 0 switches it off), `--rerank-clear-score`), the model, the `--baseline bm25` switch, and
 * `--db postgres://…`: the PostgreSQL server to run the hybrid on, in a fresh database of its own.
 */
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import type { FrameIndexSettings } from '@quarry/frames';
import { isPostgresUrl } from '@quarry/store';
import type { CommandContext } from '../command.js';
import { loadEvalEmbedder } from './eval-embedder.js';

export const frameEvalOptions = {
  model: { type: 'string' },
  baseline: { type: 'string' },
  alpha: { type: 'string' },
  'context-weight': { type: 'string' },
  'bm25-context-weight': { type: 'string' },
  'answer-type-weight': { type: 'string' },
  'question-lexical-weight': { type: 'string' },
  'word-match-weight': { type: 'string' },
  'section-preference-weight': { type: 'string' },
  'table-cell-weight': { type: 'string' },
  'max-scoped-papers': { type: 'string' },
  'rerank-depth': { type: 'string' },
  'rerank-clear-score': { type: 'string' },
  db: { type: 'string' },
} as const;

export interface FrameEvalValues {
  model?: string | undefined;
  baseline?: string | undefined;
  alpha?: string | undefined;
  'context-weight'?: string | undefined;
  'bm25-context-weight'?: string | undefined;
  'answer-type-weight'?: string | undefined;
  'question-lexical-weight'?: string | undefined;
  'word-match-weight'?: string | undefined;
  'section-preference-weight'?: string | undefined;
  'table-cell-weight'?: string | undefined;
  'max-scoped-papers'?: string | undefined;
  'rerank-depth'?: string | undefined;
  'rerank-clear-score'?: string | undefined;
  db?: string | undefined;
}

function nonNegative(value: string | undefined, name: string, usage: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) {
    throw new AppError({
      code: 'invalid_input',
      message: `--${name} must be a number >= 0, got "${value}"`,
      fix: `usage: ${usage}`,
    });
  }
  return number;
}

/** `hybrid`, or `bm25` for `--baseline bm25`. */
export function evalSystem(values: FrameEvalValues, usage: string): 'hybrid' | 'bm25' {
  if (values.baseline === undefined) return 'hybrid';
  if (values.baseline === 'bm25') return 'bm25';
  throw new AppError({
    code: 'invalid_input',
    message: `--baseline must be bm25, got "${values.baseline}"`,
    fix: `usage: ${usage}`,
  });
}

/**
 * The PostgreSQL server of `--db` (the hybrid then indexes and searches there, on the `postgres`
 * answer-search backend, in a database it creates and drops), or undefined for the embedded run.
 */
export function evalPostgresServer(options: {
  values: FrameEvalValues;
  system: 'hybrid' | 'bm25';
  usage: string;
}): string | undefined {
  const { db } = options.values;
  if (db === undefined) return undefined;
  if (!isPostgresUrl(db)) {
    throw new AppError({
      code: 'invalid_input',
      message: '--db must be a postgres:// URL of a PostgreSQL server',
      fix: `a fresh database is created on that server for the run and dropped after it; usage: ${options.usage}`,
    });
  }
  if (options.system === 'bm25') {
    throw new AppError({
      code: 'invalid_input',
      message: '--db runs the hybrid on PostgreSQL; the BM25 baseline runs in memory only',
      fix: 'leave out --db or --baseline bm25',
    });
  }
  return db;
}

/** Setting overrides from the flags; `alphaSetting` names which alpha the benchmark uses. */
export function settingOverrides(options: {
  values: FrameEvalValues;
  usage: string;
  alphaSetting: 'alpha' | 'inPaperAlpha';
}): Partial<FrameIndexSettings> {
  const { values, usage } = options;
  const overrides: Partial<FrameIndexSettings> = {};
  const alpha = nonNegative(values.alpha, 'alpha', usage);
  const contextWeight = nonNegative(values['context-weight'], 'context-weight', usage);
  const bm25ContextWeight = nonNegative(
    values['bm25-context-weight'],
    'bm25-context-weight',
    usage,
  );
  const answerTypeWeight = nonNegative(values['answer-type-weight'], 'answer-type-weight', usage);
  const questionLexicalWeight = nonNegative(
    values['question-lexical-weight'],
    'question-lexical-weight',
    usage,
  );
  const wordMatchWeight = nonNegative(values['word-match-weight'], 'word-match-weight', usage);
  const sectionPreferenceWeight = nonNegative(
    values['section-preference-weight'],
    'section-preference-weight',
    usage,
  );
  if (sectionPreferenceWeight !== undefined) {
    overrides.sectionPreferenceWeight = sectionPreferenceWeight;
  }
  const tableCellWeight = nonNegative(values['table-cell-weight'], 'table-cell-weight', usage);
  if (tableCellWeight !== undefined) overrides.tableCellWeight = tableCellWeight;
  const maxScopedPapers = nonNegative(values['max-scoped-papers'], 'max-scoped-papers', usage);
  if (maxScopedPapers !== undefined) overrides.maxScopedPapers = Math.round(maxScopedPapers);
  const rerankDepth = nonNegative(values['rerank-depth'], 'rerank-depth', usage);
  if (rerankDepth !== undefined) overrides.inPaperRerankDepth = Math.round(rerankDepth);
  const clearScore = nonNegative(values['rerank-clear-score'], 'rerank-clear-score', usage);
  if (clearScore !== undefined) overrides.rerankClearScore = clearScore;
  if (alpha !== undefined) overrides[options.alphaSetting] = alpha;
  if (wordMatchWeight !== undefined) {
    overrides[options.alphaSetting === 'alpha' ? 'wordMatchWeight' : 'inPaperWordMatchWeight'] =
      wordMatchWeight;
  }
  if (questionLexicalWeight !== undefined) overrides.questionLexicalWeight = questionLexicalWeight;
  if (answerTypeWeight !== undefined) overrides.answerTypeWeight = answerTypeWeight;
  if (contextWeight !== undefined) overrides.answerContextWeight = contextWeight;
  if (bm25ContextWeight !== undefined) overrides.bm25ContextWeight = bm25ContextWeight;
  return overrides;
}

/** The embedding model for the hybrid system: `--model`, else QUARRY_MODEL, else the shipped one. */
export async function frameEvalEmbedder(options: {
  context: CommandContext;
  values: FrameEvalValues;
}): Promise<Embedder> {
  const { context, values } = options;
  const embedder = await loadEvalEmbedder({
    spec: values.model ?? context.settings.model,
    explicit: true,
    settings: context.settings,
    io: context.io,
  });
  if (embedder === null) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the hybrid ranking needs an embedding model',
      fix: 'pass --model, or --baseline bm25 for the lexical baseline',
    });
  }
  return embedder;
}
