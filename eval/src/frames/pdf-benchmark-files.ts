/**
 * @module The files of a real-PDF benchmark folder (docs/BENCHMARKS.md section 3b): the PDFs,
 * `questions.jsonl` (`{"file", "question", "kind", "answers": [sentences]}`; may be absent: the
 * folder then measures text fidelity only), `reference-sentences.jsonl` (`{"file", "sentence"}`),
 * and optionally `caption-footnote-texts.jsonl` (`{"file", "text", "kind"}`, kind `caption` or
 * `footnote`: tells a sentence merged with a caption or footnote) and `manifest.jsonl` (one
 * paper per line with its `id` or `file`, `template` and `layout`: the fidelity is also reported
 * by template and layout). A malformed line is an `invalid_input` AppError naming the file and
 * line.
 */
import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, readTextFile } from '@quarry/core';
import { parseJsonLines } from '../recommender/text-lines.js';

export const pdfQuestionKinds = ['lexical', 'paraphrase'] as const;
export type PdfQuestionKind = (typeof pdfQuestionKinds)[number];

export interface PdfQuestion {
  /** The PDF's file name inside the folder, e.g. `03-event-extraction-kb.pdf`. */
  file: string;
  question: string;
  kind: PdfQuestionKind;
  /** Whole sentences of the paper; highlighting any of them answers the question. */
  answers: string[];
}

export interface ReferenceSentence {
  file: string;
  sentence: string;
}

export const questionsFileName = 'questions.jsonl';
export const referenceSentencesFileName = 'reference-sentences.jsonl';
export const captionFootnoteTextsFileName = 'caption-footnote-texts.jsonl';
export const paperManifestFileName = 'manifest.jsonl';

/** A caption or footnote text of a paper, from LaTeX source (eval/latex-pairs/rebuild.mjs). */
export interface CaptionFootnoteText {
  file: string;
  text: string;
  kind: 'caption' | 'footnote';
}

/** A paper of the folder's manifest: what its figures are grouped by. */
export interface BenchmarkPaper {
  file: string;
  template: string | null;
  layout: string | null;
}

function invalidLine(where: string, message: string, fix: string): AppError {
  return new AppError({ code: 'invalid_input', message, where, fix });
}

/** The JSON object of each non-blank line, with where it is (`file:line`). */
function* jsonLines(
  text: string,
  file: string,
  fix: string,
): Generator<{ where: string; record: Record<string, unknown> }> {
  for (const { value, where } of parseJsonLines({ text, file, fix })) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidLine(where, 'line is not a JSON object', fix);
    }
    yield { where, record: value as Record<string, unknown> };
  }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

const questionFix =
  'write one {"file": "paper.pdf", "question": "...", "kind": "lexical" or "paraphrase", "answers": ["a sentence", ...]} per line';

/** Parses `questions.jsonl`; `paraphrased` is read as `paraphrase`. */
export function parsePdfQuestions(text: string, file: string): PdfQuestion[] {
  const questions: PdfQuestion[] = [];
  for (const { where, record } of jsonLines(text, file, questionFix)) {
    const { answers } = record;
    if (!nonEmptyString(record.file))
      throw invalidLine(where, 'file must be a non-empty string', questionFix);
    if (!nonEmptyString(record.question)) {
      throw invalidLine(where, 'question must be a non-empty string', questionFix);
    }
    const kind = record.kind === 'paraphrased' ? 'paraphrase' : record.kind;
    if (!pdfQuestionKinds.includes(kind as PdfQuestionKind)) {
      throw invalidLine(
        where,
        `kind must be lexical or paraphrase, got ${JSON.stringify(record.kind)}`,
        questionFix,
      );
    }
    if (!Array.isArray(answers) || answers.length === 0 || !answers.every(nonEmptyString)) {
      throw invalidLine(where, 'answers must be a non-empty list of sentences', questionFix);
    }
    questions.push({
      file: record.file,
      question: record.question,
      kind: kind as PdfQuestionKind,
      answers: answers,
    });
  }
  return questions;
}

const referenceFix = 'write one {"file": "paper.pdf", "sentence": "..."} per line';

export function parseReferenceSentences(text: string, file: string): ReferenceSentence[] {
  const references: ReferenceSentence[] = [];
  for (const { where, record } of jsonLines(text, file, referenceFix)) {
    if (!nonEmptyString(record.file))
      throw invalidLine(where, 'file must be a non-empty string', referenceFix);
    if (!nonEmptyString(record.sentence)) {
      throw invalidLine(where, 'sentence must be a non-empty string', referenceFix);
    }
    references.push({ file: record.file, sentence: record.sentence });
  }
  return references;
}

const asideFix =
  'write one {"file": "paper.pdf", "text": "...", "kind": "caption" or "footnote"} per line';

export function parseCaptionFootnoteTexts(text: string, file: string): CaptionFootnoteText[] {
  const texts: CaptionFootnoteText[] = [];
  for (const { where, record } of jsonLines(text, file, asideFix)) {
    if (!nonEmptyString(record.file))
      throw invalidLine(where, 'file must be a non-empty string', asideFix);
    if (!nonEmptyString(record.text))
      throw invalidLine(where, 'text must be a non-empty string', asideFix);
    if (record.kind !== 'caption' && record.kind !== 'footnote') {
      throw invalidLine(where, 'kind must be caption or footnote', asideFix);
    }
    texts.push({ file: record.file, text: record.text, kind: record.kind });
  }
  return texts;
}

const manifestFix =
  'write one {"id": "paper-id" (the file is id.pdf) or "file": "paper.pdf", "template": "...", "layout": "..."} per line';

/** Parses a folder's `manifest.jsonl`; other fields of a line are ignored. */
export function parseBenchmarkManifest(text: string, file: string): BenchmarkPaper[] {
  const papers: BenchmarkPaper[] = [];
  for (const { where, record } of jsonLines(text, file, manifestFix)) {
    const name = nonEmptyString(record.file)
      ? record.file
      : nonEmptyString(record.id)
        ? `${record.id}.pdf`
        : undefined;
    if (name === undefined) throw invalidLine(where, 'a line needs an id or a file', manifestFix);
    papers.push({
      file: name,
      template: nonEmptyString(record.template) ? record.template : null,
      layout: nonEmptyString(record.layout) ? record.layout : null,
    });
  }
  return papers;
}

export interface PdfBenchmarkFolder {
  /** Names of the folder's `*.pdf` files (any case of the extension), sorted. */
  pdfs: string[];
  /** Empty when the folder has no questions.jsonl (a text-fidelity-only folder). */
  questions: PdfQuestion[];
  references: ReferenceSentence[];
  /** From caption-footnote-texts.jsonl; empty when absent. */
  captionFootnoteTexts: CaptionFootnoteText[];
  /** From manifest.jsonl; empty when absent. */
  papers: BenchmarkPaper[];
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether the folder has a questions.jsonl (else it measures text fidelity only). */
export async function pdfFolderHasQuestions(directory: string): Promise<boolean> {
  return exists(join(directory, questionsFileName));
}

/** Reads a benchmark folder; reference-sentences.jsonl must be there, the others may not. */
export async function readPdfBenchmarkFolder(directory: string): Promise<PdfBenchmarkFolder> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    throw new AppError({
      code: 'not_found',
      message: 'cannot read the benchmark folder',
      where: directory,
      fix: `give a folder that holds the PDFs, ${questionsFileName} and ${referenceSentencesFileName}`,
      cause: error,
    });
  }
  const pdfs = names.filter((name) => name.toLowerCase().endsWith('.pdf')).sort();
  const questionsPath = join(directory, questionsFileName);
  const referencesPath = join(directory, referenceSentencesFileName);
  /** The parsed lines of an optional file of the folder; none when it is absent. */
  const optional = async <T>(
    path: string,
    what: string,
    fix: string,
    parse: (text: string, file: string) => T[],
  ): Promise<T[]> =>
    (await exists(path)) ? parse(await readTextFile({ path, what, fix }), path) : [];
  const questions = await optional(
    questionsPath,
    'the questions file',
    questionFix,
    parsePdfQuestions,
  );
  const references = parseReferenceSentences(
    await readTextFile({
      path: referencesPath,
      what: 'the reference sentences file',
      fix: referenceFix,
    }),
    referencesPath,
  );
  const captionFootnoteTexts = await optional(
    join(directory, captionFootnoteTextsFileName),
    'the caption and footnote texts',
    asideFix,
    parseCaptionFootnoteTexts,
  );
  const papers = await optional(
    join(directory, paperManifestFileName),
    'the paper manifest',
    manifestFix,
    parseBenchmarkManifest,
  );
  return { pdfs, questions, references, captionFootnoteTexts, papers };
}

const unanswerableFix = 'write one {"file": "paper.pdf", "question": "..."} per line';

/** Questions the papers do not answer (`{"file", "question"}` per line; other fields ignored). */
export async function readUnanswerableQuestions(
  path: string,
): Promise<{ file: string; question: string }[]> {
  const text = await readTextFile({
    path,
    what: 'the unanswerable questions file',
    fix: unanswerableFix,
  });
  const questions: { file: string; question: string }[] = [];
  for (const { where, record } of jsonLines(text, path, unanswerableFix)) {
    if (!nonEmptyString(record.file))
      throw invalidLine(where, 'file must be a non-empty string', unanswerableFix);
    if (!nonEmptyString(record.question))
      throw invalidLine(where, 'question must be a non-empty string', unanswerableFix);
    questions.push({ file: record.file, question: record.question });
  }
  return questions;
}
