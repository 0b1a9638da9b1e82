/**
 * @module How well a question names a cell of a table row: a reader asks for a cell by its row
 * ("PSL-KGI", "Task 5", "the 99.9th percentile") and its column ("AUPRC", "the area under the
 * precision-recall curve"), and the row whose label the question names, under a header it names,
 * is the one that answers. The row's parts are read from its sentence (table-row-text.ts); the
 * question's words are compared by stem, ordinals, summary statistics and initialisms read as a
 * table writes them (table-cell-words.ts). The score, in [0, 1], is the best share of a row
 * name's words (its label, its group title) in the question times (1 + the best header's share)
 * / 2. Rows of other sections and rows whose label the question does not name score 0, and so
 * does every row for a question that asks for a name, a date or a reason rather than a quantity,
 * how something is done ("how does the sparse technique remove triples?") or whether it is so.
 * Given the rows in scope (in-paper find), a question for the best, highest or lowest of a column
 * also names the row that holds it (table-superlative.ts), whatever kind of answer it asks for.
 * The score adds to the hybrid score times `tableCellWeight` (hybrid-ranking.ts).
 */
import { expectedAnswerKind } from './answer-span.js';
import { sharedWords, tableQuestionWords } from './table-cell-words.js';
import { tableRowParts } from './table-row-text.js';
import { superlativeRows } from './table-superlative.js';

/** What the test reads of a frame. */
export interface TableCellSource {
  text: string;
  /** Only `table` rows can name a cell. */
  sectionKind?: string;
}

/** A yes/no question: it asks whether, not how much. */
const yesNoQuestion =
  /^(is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|shall)\b/;
/** "How does X remove triples?" asks for a manner; "how does X do / perform / rate?" for a result. */
const mannerQuestion = /^how (do|does|did|can|could)\b/;
const resultVerb =
  /\b(do|perform|performs|performed|fare|fares|fared|score|scores|scored|compare|compares|compared|rank|ranks|ranked|rate|rates|rated)\b(?! (it|them|this|that)\b)/;

/** Whether the question asks for a quantity (or no particular kind) a cell could hold. */
function asksForCell(question: string): boolean {
  const kind = expectedAnswerKind(question);
  if (kind !== null && kind !== 'number') return false;
  const lowered = question.trim().toLowerCase();
  if (yesNoQuestion.test(lowered)) return false;
  if (mannerQuestion.test(lowered)) return resultVerb.test(lowered.replace(mannerQuestion, ''));
  return true;
}

/**
 * The test for one question, or null when it names no cell: it has no words to name one with, or
 * asks for another kind of answer than a quantity and for no column's extreme among `tableRows`.
 */
export function tableCellMatchFor(
  question: string,
  tableRows: readonly TableCellSource[] = [],
): ((frame: TableCellSource) => number) | null {
  const words = tableQuestionWords(question);
  if (words === null) return null;
  const asksCell = asksForCell(question);
  const headerNamed = (header: string) => sharedWords(header, words);
  const extremes = superlativeRows({ question, rows: tableRows, headerNamed });
  if (!asksCell && extremes.size === 0) return null;
  return (frame) => {
    if (frame.sectionKind !== 'table') return 0;
    const parts = tableRowParts(frame.text);
    if (parts === null) return 0;
    const named = asksCell ? Math.max(...parts.names.map((name) => sharedWords(name, words))) : 0;
    const label = extremes.has(frame.text) ? 1 : named;
    if (label === 0) return 0;
    const header = Math.max(0, ...parts.cells.map((cell) => headerNamed(cell.header)));
    return (label * (1 + header)) / 2;
  };
}
