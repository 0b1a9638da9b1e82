/**
 * @module `quarry eval pdfs`: in-paper question answering on a folder of real PDFs, ingested as
 * `quarry ingest papers` does (docs/BENCHMARKS.md section 3b), and the text fidelity of its
 * reference sentences (intact, split, merged with a caption, footnote or other text, lost). A
 * folder without questions.jsonl measures the fidelity only, with no model loaded. `--dump FILE`
 * writes one JSON line per question with its rank, gold answers and top 10 hits with their score
 * parts, and `--dump-references FILE` one per reference sentence with its class and the stored
 * text it was found in, for error analysis.
 */
import { writeFile } from 'node:fs/promises';
import { AppError } from '@quarry/core';
import {
  pdfFolderHasQuestions,
  readTableQuestions,
  readUnanswerableQuestions,
  runPdfBenchmark,
} from '@quarry/eval';
import type { PdfBenchmarkResult, ReferenceClassCounts } from '@quarry/eval';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { jsonOption, parseCommandArgs, requireOption } from '../parse-command-args.js';
import {
  evalPostgresServer,
  evalSystem,
  frameEvalEmbedder,
  frameEvalOptions,
  settingOverrides,
} from './eval-frames-options.js';
import {
  tableQuestionDumpLines,
  tableQuestionsJson,
  tableQuestionsLine,
} from './eval-table-questions-output.js';

export const evalPdfsUsage =
  'quarry eval pdfs --dir DIR [--model M] [--baseline bm25] [--dump FILE] [--dump-references FILE] [--unanswerable FILE] [--table-questions FILE] ' +
  '[--alpha A] [--context-weight W] [--bm25-context-weight W] [--answer-type-weight W] [--question-lexical-weight W] [--word-match-weight W] [--table-cell-weight W] [--rerank-depth N] [--rerank-clear-score S] [--clear-answer-coverage C] [--db postgres://…] [--json]';

function rounded(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}

/** One JSON line per question, in questions.jsonl order. */
function dumpLines(result: PdfBenchmarkResult): string {
  const unanswerable = (result.unanswerable?.perQuestion ?? []).map((question) =>
    JSON.stringify({
      file: question.file,
      question: question.question,
      kind: 'unanswerable',
      clear_answer: question.clearAnswer,
      hits: question.hits.map((hit, position) => ({
        rank: position + 1,
        score: rounded(hit.score),
        cosine: rounded(hit.cosine),
        lexical: rounded(hit.lexical),
        word_match: rounded(hit.wordMatch),
        rerank_score: rounded(hit.rerankScore),
        text: hit.text,
      })),
    }),
  );
  return result.perQuestion
    .map((question) =>
      JSON.stringify({
        file: question.file,
        question: question.question,
        kind: question.kind,
        rank: question.rank,
        paper_ingested: question.paperIngested,
        answer_stored: question.answerStored,
        clear_answer: question.clearAnswer,
        answers: question.answers,
        hits: question.hits.map((hit, position) => ({
          rank: position + 1,
          is_answer: hit.isAnswer,
          score: rounded(hit.score),
          cosine: rounded(hit.cosine),
          lexical: rounded(hit.lexical),
          word_match: rounded(hit.wordMatch),
          rerank_score: rounded(hit.rerankScore),
          text: hit.text,
        })),
      }),
    )
    .concat(unanswerable)
    .concat(result.tables === null ? [] : tableQuestionDumpLines(result.tables))
    .map((line) => `${line}\n`)
    .join('');
}

/** One JSON line per reference sentence: its class and the stored text it was found in. */
function referenceDumpLines(result: PdfBenchmarkResult): string {
  return result.referenceClasses.perReference
    .map(
      (reference) =>
        `${JSON.stringify({
          file: reference.file,
          sentence: reference.sentence,
          class: reference.class,
          merged_with: reference.mergedWith,
          near: reference.near,
          stored: reference.stored,
        })}\n`,
    )
    .join('');
}

async function writeDump(file: string, lines: string): Promise<void> {
  try {
    await writeFile(file, lines);
  } catch (error) {
    throw new AppError({
      code: 'storage_failure',
      message: 'cannot write the dump file',
      where: file,
      fix: 'give --dump and --dump-references a path in a folder that exists and you can write to',
      cause: error,
    });
  }
}

function classCountsJson(counts: ReferenceClassCounts): Record<string, unknown> {
  return {
    references: counts.references,
    intact: counts.intact,
    split: counts.split,
    merged: counts.merged,
    merged_with_caption: counts.mergedWithCaption,
    merged_with_footnote: counts.mergedWithFootnote,
    merged_with_other: counts.mergedWithOther,
    lost: counts.lost,
    lost_near: counts.lostNear,
    intact_pct: counts.intactPercent,
    split_pct: counts.splitPercent,
    merged_pct: counts.mergedPercent,
    lost_pct: counts.lostPercent,
  };
}

function groupsJson(
  groups: Record<string, ReferenceClassCounts>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(groups).map(([group, counts]) => [group, classCountsJson(counts)]),
  );
}

/** The JSON object of docs/BENCHMARKS.md section 3b, with the run's details after its fields. */
function resultJson(result: PdfBenchmarkResult): Record<string, unknown> {
  const { fidelity } = result;
  const asked = result.questions > 0;
  return {
    benchmark: result.benchmark,
    pdfs: result.pdfs,
    ingested: result.ingested,
    errors: result.errors,
    exact_reference_pct: fidelity.exactReferencePercent,
    broken_words_per_1k_sentences: fidelity.brokenWordsPer1kSentences,
    // A fidelity-only folder (no questions) has no ranking figures.
    MRR: asked ? result.MRR : null,
    'hit@1': asked ? result['hit@1'] : null,
    lexical: asked ? result.lexical : null,
    paraphrased: asked ? result.paraphrased : null,
    questions: result.questions,
    answers_stored_pct: result.answersStoredPercent,
    reference_sentences: fidelity.referenceSentences,
    stored_sentences: fidelity.storedSentences,
    broken_words: fidelity.brokenWords,
    kept_line_end_hyphens: fidelity.keptLineEndHyphens,
    reference_classes: {
      ...classCountsJson(result.referenceClasses),
      by_template: groupsJson(result.referenceClasses.byTemplate),
      by_layout: groupsJson(result.referenceClasses.byLayout),
    },
    system: result.system,
    backend: result.backend,
    model: result.model,
    ...(result.unanswerable
      ? {
          unanswerable: {
            questions: result.unanswerable.questions,
            no_clear_answer_pct: result.unanswerable.noClearAnswerPercent,
            answerable_hits_kept_pct: result.unanswerable.answerableHitsKeptPercent,
          },
        }
      : {}),
    ...(result.tables ? { table_questions: tableQuestionsJson(result.tables) } : {}),
    ranks: result.perQuestion.map((question) => question.rank),
  };
}

export async function runEvalPdfs(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs({
    args: context.args,
    usage: evalPdfsUsage,
    options: {
      dir: { type: 'string' },
      dump: { type: 'string' },
      'dump-references': { type: 'string' },
      unanswerable: { type: 'string' },
      'table-questions': { type: 'string' },
      'clear-answer-coverage': { type: 'string' },
      ...frameEvalOptions,
      ...jsonOption,
    },
  });
  const { io } = context;
  const directory = requireOption({ value: values.dir, name: 'dir', usage: evalPdfsUsage });
  const system = evalSystem(values, evalPdfsUsage);
  const postgresServer = evalPostgresServer({ values, system, usage: evalPdfsUsage });
  const settings = settingOverrides({ values, usage: evalPdfsUsage, alphaSetting: 'inPaperAlpha' });
  const coverage = values['clear-answer-coverage'];
  if (coverage !== undefined) {
    const value = Number(coverage);
    if (!(value >= 0 && value <= 1)) {
      throw new AppError({
        code: 'invalid_input',
        message: `--clear-answer-coverage must be a number from 0 to 1, got "${coverage}"`,
        fix: `usage: ${evalPdfsUsage}`,
      });
    }
    settings.clearAnswerMinimumCoverage = value;
  }
  const unanswerable =
    values.unanswerable === undefined
      ? undefined
      : await readUnanswerableQuestions(values.unanswerable);
  const tableQuestionsFile = values['table-questions'];
  const tableQuestions =
    tableQuestionsFile === undefined ? undefined : await readTableQuestions(tableQuestionsFile);
  const startedAt = Date.now();
  // A folder without questions measures text fidelity only: no model to load.
  const ranks =
    unanswerable !== undefined ||
    tableQuestions !== undefined ||
    (await pdfFolderHasQuestions(directory));
  const embedder =
    system === 'hybrid' && ranks ? await frameEvalEmbedder({ context, values }) : undefined;
  const result = await runPdfBenchmark({
    directory,
    system,
    settings,
    ...(embedder ? { embedder } : {}),
    ...(postgresServer !== undefined ? { postgresServer } : {}),
    ...(unanswerable !== undefined ? { unanswerable } : {}),
    ...(tableQuestions !== undefined ? { tableQuestions } : {}),
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  for (const error of result.errors) io.stderr(`error: ${error.file}: ${error.reason}\n`);
  if (result.unknownFiles > 0) {
    io.stderr(
      `warning: ${result.unknownFiles} questions name a file that is not a PDF in ${directory}; they count as misses\n`,
    );
  }
  if (values.dump !== undefined) {
    await writeDump(values.dump, dumpLines(result));
    io.stderr(`wrote ${result.perQuestion.length} questions to ${values.dump}\n`);
  }
  const referencesDump = values['dump-references'];
  if (referencesDump !== undefined) {
    await writeDump(referencesDump, referenceDumpLines(result));
    io.stderr(
      `wrote ${result.referenceClasses.perReference.length} reference sentences to ${referencesDump}\n`,
    );
  }
  const { fidelity, referenceClasses: classes } = result;
  const fidelityLine =
    `references ${classes.references}: intact ${classes.intact} (${classes.intactPercent}%), ` +
    `split ${classes.split}, merged ${classes.merged} (caption ${classes.mergedWithCaption}, ` +
    `footnote ${classes.mergedWithFootnote}, other ${classes.mergedWithOther}), ` +
    `lost ${classes.lost} (${classes.lostNear} near)`;
  const seconds = `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
  if (!ranks) {
    io.stderr(
      `${result.ingested}/${result.pdfs} PDFs ingested; ${fidelityLine}; ` +
        `${fidelity.brokenWords} broken words in ${fidelity.storedSentences} sentences; ${seconds}\n`,
    );
  } else {
    io.stderr(`${fidelityLine}\n`);
    io.stderr(
      `${system}${result.backend ? ` (${result.backend})` : ''}: ${result.ingested}/${result.pdfs} PDFs ingested; ` +
        `MRR@10 ${result.MRR} hit@1 ${result['hit@1']} (${result.questions} questions); ` +
        `lexical MRR ${result.lexical.MRR} hit@1 ${result.lexical['hit@1']} (${result.lexical.questions}); ` +
        `paraphrased MRR ${result.paraphrased.MRR} hit@1 ${result.paraphrased['hit@1']} (${result.paraphrased.questions}); ` +
        `answer stored intact for ${result.answersStoredPercent}% of questions; ` +
        `exact references ${fidelity.exactReferences}/${fidelity.referenceSentences}; ` +
        `${fidelity.brokenWords} broken words (${fidelity.keptLineEndHyphens} with a line-end hyphen kept) in ${fidelity.storedSentences} sentences; ${seconds}\n`,
    );
  }
  if (result.tables !== null) io.stderr(tableQuestionsLine(result.tables));
  const json = resultJson(result);
  if (values.json) printJsonLine(io, json);
  else io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  return 0;
}
