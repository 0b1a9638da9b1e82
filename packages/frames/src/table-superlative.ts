/**
 * @module "Which embedding gets the highest AUPRC?", "what was the worst latency?": a question
 * that asks for the best, highest or lowest of a column is answered by the row that holds that
 * column's extreme, which no word of the question names. Among the rows of each table that have
 * a cell under a header the question names right after its superlative, the row with the largest
 * (or smallest) number there is the answer. "Best" and "worst" turn on the column: an error, a loss, a time is better low.
 * Pure over the rows in scope (the paper's table rows, for in-paper find).
 */
import { sharedWords, tableQuestionWords } from './table-cell-words.js';
import { tableRowParts, type TableRowParts } from './table-row-text.js';

export type Extreme = 'max' | 'min';

const higherWords = /\b(highest|largest|greatest|biggest|maximum)\b/;
const lowerWords = /\b(lowest|smallest|fewest|least|minimum)\b/;
const bestWords = /\b(best|strongest|top-performing|best-performing)\b/;
const worstWords = /\b(worst|weakest|worst-performing)\b/;
/** Headers whose numbers are better small. */
const lowerIsBetter =
  /\b(errors?|loss|times?|latency|latencies|perplexity|ppl|wer|cer|ter|rank|distance|mse|mae|rmse|cost|runtime|seconds|sec|ms|memory)\b/i;
/** How many words after "highest" may name the column ("the highest mean average precision"). */
const columnWordsAfter = 5;

/**
 * The extreme a question asks for under a column of `header`, or null when it asks for none: a
 * superlative followed closely by words naming the header ("the worst read latency", "the largest
 * area under the precision-recall curve" for AUPRC); "the median time to a minimum cost program"
 * asks for no column's minimum.
 */
export function extremeAskedFor(question: string, header: string): Extreme | null {
  const lowered = question.toLowerCase();
  const better: Extreme = lowerIsBetter.test(header) ? 'min' : 'max';
  const asked: [RegExp, Extreme][] = [
    [higherWords, 'max'],
    [lowerWords, 'min'],
    [bestWords, better],
    [worstWords, better === 'max' ? 'min' : 'max'],
  ];
  for (const [pattern, extreme] of asked) {
    const found = pattern.exec(lowered);
    if (found === null) continue;
    const after = lowered
      .slice(found.index + found[0].length)
      .split(/\s+/u)
      .filter(Boolean);
    const words = tableQuestionWords(after.slice(0, columnWordsAfter).join(' '));
    if (words !== null && sharedWords(header, words) > 0) return extreme;
  }
  return null;
}

/** The first number of a cell ("0.53 ± 0.17" -> 0.53, "1,066,650" -> 1066650), or null. */
export function cellNumber(value: string): number | null {
  const match = /[-−]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)/u.exec(value);
  if (match === null) return null;
  const number = Number(match[0].replace('−', '-').replace(/,/g, ''));
  return Number.isFinite(number) ? number : null;
}

interface Contender {
  text: string;
  value: number;
}

/**
 * The texts of the rows that hold the asked extreme of a column the question names, one per
 * table and column (ties: each). `headerNamed` scores a header by the question, in [0, 1]. A
 * column with fewer than two numbers compares nothing and gives no row.
 */
export function superlativeRows(options: {
  question: string;
  rows: readonly { text: string; sectionKind?: string }[];
  headerNamed: (header: string) => number;
}): Set<string> {
  const lowered = options.question.toLowerCase();
  const asksForExtreme = [higherWords, lowerWords, bestWords, worstWords].some((pattern) =>
    pattern.test(lowered),
  );
  // Most questions ask for no extreme: no row of the paper is read for them.
  if (!asksForExtreme) return new Set();
  const columns = new Map<string, { extreme: Extreme; contenders: Contender[] }>();
  // A table's rows repeat its headers: each header is read against the question once.
  const extremeByHeader = new Map<string, Extreme | null>();
  const extremeOf = (header: string): Extreme | null => {
    if (!extremeByHeader.has(header)) {
      extremeByHeader.set(header, extremeAskedFor(options.question, header));
    }
    return extremeByHeader.get(header) ?? null;
  };
  for (const row of options.rows) {
    if (row.sectionKind !== 'table') continue;
    const parts = tableRowParts(row.text);
    if (parts === null) continue;
    for (const cell of namedCells(parts, options.headerNamed)) {
      const extreme = extremeOf(cell.header);
      const value = cellNumber(cell.value);
      if (extreme === null || value === null) continue;
      const key = `${parts.table}\u0000${parts.caption}\u0000${cell.header}`;
      const column = columns.get(key) ?? { extreme, contenders: [] };
      column.contenders.push({ text: row.text, value });
      columns.set(key, column);
    }
  }
  const winners = new Set<string>();
  for (const { extreme, contenders } of columns.values()) {
    if (contenders.length < 2) continue;
    const values = contenders.map((contender) => contender.value);
    const target = extreme === 'max' ? Math.max(...values) : Math.min(...values);
    for (const contender of contenders) {
      if (contender.value === target) winners.add(contender.text);
    }
  }
  return winners;
}

/** The row's cells under the headers the question names best (share above 0). */
function namedCells(
  parts: TableRowParts,
  headerNamed: (header: string) => number,
): TableRowParts['cells'] {
  const shares = parts.cells.map((cell) => headerNamed(cell.header));
  const best = Math.max(0, ...shares);
  return best === 0 ? [] : parts.cells.filter((_, position) => shares[position] === best);
}
