/**
 * @module The questions a table row answers: one per numeric cell, "What is the <header> of <row
 * names>?" ("What is the Write Latency (ms) of 99.9?", "What is the AUPRC of PSL-KGI?"), read
 * from the row's sentence (table-row-text.ts). A reader asks for a cell by its column and row;
 * the row's own sentence is a list of labels and numbers that an encoder matches less well to a
 * question than a question of the same shape.
 */
import { tableRowParts } from '../table-row-text.js';

/** Default most questions for one row (its first numeric cells). */
export const defaultMaxTableRowQuestions = 8;

export function tableRowQuestions(
  text: string,
  maxQuestions = defaultMaxTableRowQuestions,
): string[] {
  const parts = tableRowParts(text);
  if (parts === null) return [];
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const cell of parts.cells) {
    const question = `What is the ${cell.header} of ${parts.names.join(', ')}?`;
    if (seen.has(question)) continue;
    seen.add(question);
    questions.push(question);
    if (questions.length >= maxQuestions) break;
  }
  return questions;
}
