/**
 * @module The questions a table row answers: one per numeric cell, "What is the <header> of <row
 * names>?" ("What is the Write Latency (ms) of 99.9?", "What is the AUPRC of PSL-KGI?"), read
 * from the row's sentence (table-row-text.ts). A reader asks for a cell by its column and row;
 * the row's own sentence is a list of labels and numbers that an encoder matches less well to a
 * question than a question of the same shape. Where the paper defines a short form the row names
 * ("MANN [20]"), each cell's question is asked again with the long form spelled out
 * (abbreviations.ts): readers ask for "the memory-augmented neural network".
 */
import { tableRowParts } from '../table-row-text.js';
import { expandAbbreviations } from './abbreviations.js';

/** Default most questions for one row (its first numeric cells). */
export const defaultMaxTableRowQuestions = 8;

export function tableRowQuestions(
  text: string,
  maxQuestions = defaultMaxTableRowQuestions,
  /** Short form -> long form, as the row's paper defines them (abbreviationsIn). */
  abbreviations: ReadonlyMap<string, string> = new Map(),
): string[] {
  const parts = tableRowParts(text);
  if (parts === null) return [];
  const names = parts.names.join(', ');
  const spelled = expandAbbreviations(names, abbreviations);
  const seen = new Set<string>();
  const questions: string[] = [];
  const cellsAsked = new Set<string>();
  for (const cell of parts.cells) {
    if (cellsAsked.has(cell.header)) continue;
    cellsAsked.add(cell.header);
    for (const asked of spelled === null ? [names] : [names, spelled]) {
      const question = `What is the ${cell.header} of ${asked}?`;
      if (seen.has(question)) continue;
      seen.add(question);
      questions.push(question);
    }
    if (cellsAsked.size >= maxQuestions) break;
  }
  return questions;
}
