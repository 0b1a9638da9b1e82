/**
 * @module The in-paper question file of docs/BENCHMARKS.md section 3: JSON Lines of
 * `{"paper_id", "question", "gold_sentence_ids": [i, ...]}`, i indexing the paper's SciREX
 * `sentences` array.
 */
import { AppError, readTextFile } from '@quarry/core';
import { parseJsonLines } from '../recommender/text-lines.js';

export interface InPaperQuestion {
  paperId: string;
  question: string;
  /** SciREX sentence indexes (a frame's `sourceIndex`) that answer the question. */
  goldSentenceIds: number[];
}

const questionFix =
  'write one {"paper_id": "...", "question": "...", "gold_sentence_ids": [0, ...]} per line';

function invalidLine(where: string, message: string): AppError {
  return new AppError({
    code: 'invalid_input',
    message,
    where,
    fix: questionFix,
  });
}

export function parseInPaperQuestions(text: string, file: string): InPaperQuestion[] {
  const questions: InPaperQuestion[] = [];
  for (const { value, where } of parseJsonLines({ text, file, fix: questionFix })) {
    const record = value as { paper_id?: unknown; question?: unknown; gold_sentence_ids?: unknown };
    const gold = record.gold_sentence_ids;
    if (typeof record.paper_id !== 'string' || record.paper_id.length === 0) {
      throw invalidLine(where, 'paper_id must be a non-empty string');
    }
    if (typeof record.question !== 'string' || record.question.trim().length === 0) {
      throw invalidLine(where, 'question must be a non-empty string');
    }
    if (
      !Array.isArray(gold) ||
      gold.length === 0 ||
      gold.some((id) => !Number.isInteger(id) || (id as number) < 0)
    ) {
      throw invalidLine(where, 'gold_sentence_ids must be a non-empty list of sentence indexes');
    }
    questions.push({
      paperId: record.paper_id,
      question: record.question,
      goldSentenceIds: gold as number[],
    });
  }
  return questions;
}

export async function readInPaperQuestions(file: string): Promise<InPaperQuestion[]> {
  const text = await readTextFile({ path: file, what: 'the questions file' });
  return parseInPaperQuestions(text, file);
}
