/**
 * @module How well a question names a cell of a table row: a reader asks for a cell by its row
 * ("PSL-KGI", "Task 5") and its column ("AUPRC", "Average Time (seconds)"), and the row whose
 * label the question names, under a header it names, is the one that answers. The row's parts are
 * read from its sentence (table-row-text.ts); the score, in [0, 1], is the best share of a row
 * name's words (its label, its group title) in the question times (1 + the best header's share) / 2, words compared by stem. Rows of
 * other sections and rows whose label the question does not name score 0, and so does every row
 * for a question that asks for a name, a date or a reason rather than a quantity. The score adds to the
 * hybrid score times `tableCellWeight` (hybrid-ranking.ts), on both search backends.
 */
import { isStopword, stem, tokenize } from '@quarry/text';
import { expectedAnswerKind } from './answer-span.js';
import { tableRowParts } from './table-row-text.js';

/** What the test reads of a frame. */
export interface TableCellSource {
  text: string;
  /** Only `table` rows can name a cell. */
  sectionKind?: string;
}

function words(text: string): string[] {
  return [...new Set(tokenize(text).filter((token) => !isStopword(token)))];
}

/** Share of `text`'s words that the question holds (by stem); 0 for a text without words. */
function share(text: string, questionStems: ReadonlySet<string>): number {
  const own = words(text);
  if (own.length === 0) return 0;
  return own.filter((word) => questionStems.has(stem(word))).length / own.length;
}

/**
 * The test for one question, or null when it has no words to name a cell with or asks for
 * another kind of answer than a quantity (a name, a date, a reason: "which format is used?").
 */
export function tableCellMatchFor(question: string): ((frame: TableCellSource) => number) | null {
  const kind = expectedAnswerKind(question);
  if (kind !== null && kind !== 'number') return null;
  const questionStems = new Set(words(question).map((word) => stem(word)));
  if (questionStems.size === 0) return null;
  return (frame) => {
    if (frame.sectionKind !== 'table') return 0;
    const parts = tableRowParts(frame.text);
    if (parts === null) return 0;
    const label = Math.max(...parts.names.map((name) => share(name, questionStems)));
    if (label === 0) return 0;
    const header = Math.max(0, ...parts.cells.map((cell) => share(cell.header, questionStems)));
    return (label * (1 + header)) / 2;
  };
}
