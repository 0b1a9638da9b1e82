/**
 * @module TREC qrels: `QID ITER DOCID REL` lines (ITER is ignored, usually `Q0`), read into
 * relevance judgements per query. Ids go through `toTrecId`, so they meet run ids.
 */
import { AppError } from '@quarry/core';
import { toTrecId } from './trec-id.js';

/** Relevance grade by document id, per query id (both as TREC ids). */
export type Qrels = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface ParseQrelsOptions {
  /** Named in error messages, e.g. the file path. */
  where?: string;
}

/**
 * Parses qrels text. Blank lines are skipped; a line without four fields or with a non-integer
 * grade is an `invalid_input` AppError naming the line. A repeated (query, document) pair keeps
 * the last grade, as trec_eval does.
 */
export function parseQrels(text: string, options: ParseQrelsOptions = {}): Qrels {
  const qrels = new Map<string, Map<string, number>>();
  for (const [index, rawLine] of text.split(/\r?\n/u).entries()) {
    const line = rawLine.trim();
    if (line.length === 0) continue;
    const fields = line.split(/\s+/u);
    const [queryId, , documentId, grade] = fields;
    const relevance = Number(grade);
    if (
      fields.length !== 4 ||
      queryId === undefined ||
      documentId === undefined ||
      !Number.isInteger(relevance)
    ) {
      throw new AppError({
        code: 'invalid_input',
        message: `not a qrels line (expected "QID Q0 DOCID REL"): ${JSON.stringify(line.slice(0, 120))}`,
        where: `${options.where ?? 'qrels'}:${index + 1}`,
        fix: 'write one judgement per line, with spaces inside ids written as _',
      });
    }
    const judgements = qrels.get(toTrecId(queryId)) ?? new Map<string, number>();
    judgements.set(toTrecId(documentId), relevance);
    qrels.set(toTrecId(queryId), judgements);
  }
  return qrels;
}

/** Ids of the documents judged relevant (grade > 0) for one query. */
export function relevantDocuments(qrels: Qrels, queryId: string): Set<string> {
  const relevant = new Set<string>();
  for (const [documentId, grade] of qrels.get(queryId) ?? []) {
    if (grade > 0) relevant.add(documentId);
  }
  return relevant;
}

/** Writes qrels back as text, one `QID Q0 DOCID REL` line per judgement. */
export function formatQrels(qrels: Qrels): string {
  const lines: string[] = [];
  for (const [queryId, judgements] of qrels) {
    for (const [documentId, grade] of judgements) {
      lines.push(`${toTrecId(queryId)} Q0 ${toTrecId(documentId)} ${grade}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
