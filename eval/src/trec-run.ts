/**
 * @module TREC run files: `QID Q0 DOCID RANK SCORE RUN` lines, as trec_eval reads them. Our
 * ranking is the order of each list; trec_eval instead re-sorts by SCORE (ties by DOCID), so the
 * writer makes scores strictly decreasing down each list to keep the two orders the same.
 */
import { AppError } from '@quarry/core';
import { toTrecId } from './trec-id.js';

export interface RankedDocument {
  documentId: string;
  score: number;
}

/** Ranked documents per query id, best first. */
export type Run = ReadonlyMap<string, readonly RankedDocument[]>;

export interface FormatTrecRunOptions {
  run: Run;
  /** The RUN column (a tag without whitespace). */
  runName: string;
  /** Digits after the decimal point in the SCORE column. Default 6. */
  scoreDigits?: number;
}

const defaultScoreDigits = 6;

export function formatTrecRun(options: FormatTrecRunOptions): string {
  const runName = toTrecId(options.runName);
  const digits = options.scoreDigits ?? defaultScoreDigits;
  const step = 10 ** -digits;
  const lines: string[] = [];
  for (const [queryId, documents] of options.run) {
    let previous = Number.POSITIVE_INFINITY;
    for (const [index, document] of documents.entries()) {
      // Rounded first, then nudged below the score above it, so ties cannot be re-ordered.
      let score = Number(document.score.toFixed(digits));
      if (score >= previous) score = previous - step;
      previous = score;
      lines.push(
        `${toTrecId(queryId)} Q0 ${toTrecId(document.documentId)} ${index + 1} ${score.toFixed(digits)} ${runName}`,
      );
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export interface ParseTrecRunOptions {
  /** Named in error messages, e.g. the file path. */
  where?: string;
}

/** Reads a run file back; each query's list is sorted the way trec_eval sorts it. */
export function parseTrecRun(text: string, options: ParseTrecRunOptions = {}): Run {
  const run = new Map<string, RankedDocument[]>();
  for (const [index, rawLine] of text.split(/\r?\n/u).entries()) {
    const line = rawLine.trim();
    if (line.length === 0) continue;
    const fields = line.split(/\s+/u);
    const [queryId, , documentId, , score] = fields;
    const value = Number(score);
    if (
      fields.length !== 6 ||
      queryId === undefined ||
      documentId === undefined ||
      !Number.isFinite(value)
    ) {
      throw new AppError({
        code: 'invalid_input',
        message: `not a run line (expected "QID Q0 DOCID RANK SCORE RUN"): ${JSON.stringify(line.slice(0, 120))}`,
        where: `${options.where ?? 'run'}:${index + 1}`,
      });
    }
    const documents = run.get(queryId) ?? [];
    documents.push({ documentId, score: value });
    run.set(queryId, documents);
  }
  // trec_eval order: score descending, then document id descending.
  for (const documents of run.values()) {
    documents.sort(
      (left, right) =>
        right.score - left.score ||
        (left.documentId < right.documentId ? 1 : left.documentId > right.documentId ? -1 : 0),
    );
  }
  return run;
}
