/**
 * @module What `quarry eval pdfs --table-questions FILE` reports: a summary line, the JSON fields
 * (hit@1, hit@3 and MRR@10 overall and by style, and how often a stored row holds the cell) and,
 * with `--dump`, one JSON line per table question with its rank and hits.
 */
import type { TableQuestionMetrics } from '@quarry/eval';

export function tableQuestionsLine(tables: TableQuestionMetrics): string {
  return (
    `table questions: hit@1 ${tables['hit@1']} hit@3 ${tables['hit@3']} MRR@10 ${tables.MRR} (${tables.questions}); ` +
    `lexical hit@3 ${tables.lexical['hit@3']} MRR ${tables.lexical.MRR} (${tables.lexical.questions}); ` +
    `paraphrase hit@3 ${tables.paraphrase['hit@3']} MRR ${tables.paraphrase.MRR} (${tables.paraphrase.questions}); ` +
    `row and value stored for ${tables.storedPercent}%\n`
  );
}

export function tableQuestionsJson(tables: TableQuestionMetrics): Record<string, unknown> {
  const metrics = (
    part: Omit<TableQuestionMetrics, 'lexical' | 'paraphrase' | 'storedPercent' | 'perQuestion'>,
  ) => ({
    questions: part.questions,
    'hit@1': part['hit@1'],
    'hit@3': part['hit@3'],
    MRR: part.MRR,
  });
  return {
    ...metrics(tables),
    lexical: metrics(tables.lexical),
    paraphrase: metrics(tables.paraphrase),
    stored_pct: tables.storedPercent,
    ranks: tables.perQuestion.map((question) => question.rank),
  };
}

/** One JSON line per table question, in the file's order. */
export function tableQuestionDumpLines(tables: TableQuestionMetrics): string[] {
  return tables.perQuestion.map((question) =>
    JSON.stringify({
      file: question.file,
      question: question.question,
      kind: `table-${question.style}`,
      table: question.table,
      row: question.row,
      value: question.value,
      rank: question.rank,
      stored: question.stored,
      hits: question.hits.map((text, position) => ({ rank: position + 1, text })),
    }),
  );
}
