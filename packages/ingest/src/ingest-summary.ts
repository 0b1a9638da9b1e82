/**
 * @module The outcome of one ingest run: counts per outcome and one message per failed record.
 */
import type { UpsertOutcome } from '@quarry/store';

export type IngestKind = 'datasets' | 'papers';

export interface IngestError {
  /** The file and record, e.g. `collection.jsonl:17`. */
  where: string;
  message: string;
}

export interface IngestSummary {
  kind: IngestKind;
  /** Records read successfully (datasets or papers). */
  records: number;
  frames: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records skipped because an earlier record of the same file had the same id. */
  duplicates: number;
  /**
   * Records stored by merging them into a dataset that holds a record of another source (or
   * another id) too: counted again, as unchanged, when a run is repeated. A subset of updated +
   * unchanged.
   */
  merged: number;
  errors: IngestError[];
  /** Ids already stored and kept as they were (only with `existing: 'keep'`). */
  conflicts: string[];
}

export function emptySummary(kind: IngestKind): IngestSummary {
  return {
    kind,
    records: 0,
    frames: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    merged: 0,
    errors: [],
    conflicts: [],
  };
}

export function countOutcome(summary: IngestSummary, outcome: UpsertOutcome): void {
  summary.records += 1;
  summary[outcome] += 1;
}

/** The JSON line `quarry ingest --json` prints last (`merged` only for datasets). */
export function summaryJson(summary: IngestSummary): Record<string, number> {
  return {
    [summary.kind]: summary.records,
    frames: summary.frames,
    inserted: summary.inserted,
    updated: summary.updated,
    unchanged: summary.unchanged,
    duplicates: summary.duplicates,
    ...(summary.kind === 'datasets' ? { merged: summary.merged } : {}),
    errors: summary.errors.length,
  };
}

/** An error's message without the `where: ` it starts with (the report prints `where` itself, so it is not said twice). */
export function messageWithoutWhere(message: string, where: string): string {
  return message.startsWith(`${where}: `) ? message.slice(where.length + 2) : message;
}

/** Records an error in the summary, its message without the location `where` already says. */
export function recordError(summary: IngestSummary, where: string, message: string): void {
  summary.errors.push({ where, message: messageWithoutWhere(message, where) });
}
