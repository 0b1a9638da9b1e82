/**
 * @module Questions about table cells of real PDFs (`quarry eval pdfs --table-questions FILE`):
 * each line names its paper, the question, the table, the row label as printed and the cell's
 * value. Each question is asked with the same in-paper search as the folder's other questions, and
 * a hit at rank k holds both the row label and the value after normalisation (Unicode NFKC, case,
 * every minus and dash as "-", whitespace left out). Reports hit@1, hit@3 and MRR@10 (trec_eval's
 * recip_rank over the top 10, a miss scoring 0) overall and by question style.
 */
import { AppError, readTextFile } from '@quarry/core';
import { parseJsonLines } from '../recommender/text-lines.js';
import { percent, summariseRanks } from '../retrieval-metrics.js';

export const tableQuestionStyles = ['lexical', 'paraphrase'] as const;
export type TableQuestionStyle = (typeof tableQuestionStyles)[number];

export interface TableQuestion {
  file: string;
  question: string;
  /** "Table 3", as printed. */
  table: string;
  /** The row's label as printed. */
  row: string;
  /** The cell's text. */
  value: string;
  /** The column's header. */
  column: string;
  style: TableQuestionStyle;
}

export interface TableRankMetrics {
  questions: number;
  'hit@1': number;
  'hit@3': number;
  /** MRR@10, in percent. */
  MRR: number;
}

export interface TableQuestionResult extends TableQuestion {
  /** 1-based rank of the first hit holding row label and value; null when none of the top 10. */
  rank: number | null;
  /** Whether any stored sentence of the paper holds both (the ceiling of any ranking). */
  stored: boolean;
  /** The texts of the hits, best first. */
  hits: string[];
}

export interface TableQuestionMetrics extends TableRankMetrics {
  lexical: TableRankMetrics;
  paraphrase: TableRankMetrics;
  /** Percentage of questions whose row label and value some stored sentence holds. */
  storedPercent: number;
  perQuestion: TableQuestionResult[];
}

const tableQuestionFix =
  'write one {"file", "question", "table", "row", "value", "column", "style": "lexical"|"paraphrase"} per line';

/** The form row labels, values and hits are compared in. */
export function normaliseCellText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu, '-')
    .replace(/\s+/gu, '');
}

/** Whether a hit's text holds the question's row label and its value. */
export function holdsRowAndValue(
  text: string,
  question: Pick<TableQuestion, 'row' | 'value'>,
): boolean {
  const normalised = normaliseCellText(text);
  return (
    normalised.includes(normaliseCellText(question.row)) &&
    normalised.includes(normaliseCellText(question.value))
  );
}

function invalidLine(where: string, message: string): AppError {
  return new AppError({ code: 'invalid_input', message, where, fix: tableQuestionFix });
}

export function parseTableQuestions(text: string, file: string): TableQuestion[] {
  const questions: TableQuestion[] = [];
  for (const { value, where } of parseJsonLines({ text, file, fix: tableQuestionFix })) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidLine(where, 'line is not a JSON object');
    }
    const record = value as Record<string, unknown>;
    const field = (name: keyof TableQuestion): string => {
      const fieldValue = record[name];
      if (typeof fieldValue !== 'string' || fieldValue.trim().length === 0) {
        throw invalidLine(where, `${name} must be a non-empty string`);
      }
      return fieldValue;
    };
    const style = field('style');
    if (!(tableQuestionStyles as readonly string[]).includes(style)) {
      throw invalidLine(where, `style must be "lexical" or "paraphrase", got "${style}"`);
    }
    questions.push({
      file: field('file'),
      question: field('question'),
      table: field('table'),
      row: field('row'),
      value: field('value'),
      column: typeof record.column === 'string' ? record.column : '',
      style: style as TableQuestionStyle,
    });
  }
  return questions;
}

export async function readTableQuestions(path: string): Promise<TableQuestion[]> {
  const text = await readTextFile({
    path,
    what: 'the table questions file',
    fix: tableQuestionFix,
  });
  return parseTableQuestions(text, path);
}

export function tableRankMetrics(ranks: readonly (number | null)[]): TableRankMetrics {
  const summary = summariseRanks({ ranks, cutoffs: [1, 3] });
  return {
    questions: summary.questions,
    'hit@1': percent(summary.recall[1] ?? 0),
    'hit@3': percent(summary.recall[3] ?? 0),
    MRR: percent(summary.reciprocalRank),
  };
}

/** Asks each table question in its paper with `rank` (the benchmark's in-paper search). */
export async function askTableQuestions(options: {
  questions: readonly TableQuestion[];
  /** Paper id of each ingested PDF, by file name. */
  paperIds: ReadonlyMap<string, string>;
  framesByPaper: ReadonlyMap<string, readonly { text: string }[]>;
  rank: (options: { paperId: string; question: string }) => Promise<{ hits: { text: string }[] }>;
}): Promise<TableQuestionMetrics> {
  const perQuestion: TableQuestionResult[] = [];
  for (const question of options.questions) {
    const paperId = options.paperIds.get(question.file);
    if (paperId === undefined) {
      perQuestion.push({ ...question, rank: null, stored: false, hits: [] });
      continue;
    }
    const ranked = await options.rank({ paperId, question: question.question });
    const hits = ranked.hits.map((hit) => hit.text);
    const position = hits.findIndex((text) => holdsRowAndValue(text, question));
    const frames = options.framesByPaper.get(paperId) ?? [];
    perQuestion.push({
      ...question,
      rank: position < 0 ? null : position + 1,
      stored: frames.some((frame) => holdsRowAndValue(frame.text, question)),
      hits,
    });
  }
  const ranksOf = (style?: TableQuestionStyle) =>
    perQuestion
      .filter((question) => style === undefined || question.style === style)
      .map((question) => question.rank);
  return {
    ...tableRankMetrics(ranksOf()),
    lexical: tableRankMetrics(ranksOf('lexical')),
    paraphrase: tableRankMetrics(ranksOf('paraphrase')),
    storedPercent: percent(
      perQuestion.filter((question) => question.stored).length / Math.max(perQuestion.length, 1),
    ),
    perQuestion,
  };
}
