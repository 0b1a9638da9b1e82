/**
 * @module In-paper question answering on real PDFs (docs/BENCHMARKS.md section 3b). Every PDF of
 * the folder is ingested into a fresh throw-away database exactly as `quarry ingest papers` does
 * (@quarry/ingest ingestPapers, one file at a time so a failure names its file and the rest go
 * on), so the figures measure the product's PDF extraction and sentence splitting. `hybrid` then
 * builds the answer index as the product does (rule-generated questions, embeddings of the given
 * model) and asks each question with in-paper search in question mode, top 10, the search behind
 * GET /api/papers/:id/find; `bm25` ranks the same stored sentences of the paper with plain BM25
 * (@quarry/text). A hit is a stored sentence that contains an answer after normalisation
 * (sentence-match.ts). Also measures text fidelity: reference sentences stored exactly (and, when
 * not, whether split, merged with a caption, footnote or other text, or lost:
 * reference-sentence-classes.ts), and words left broken across lines. A folder without
 * questions.jsonl measures text fidelity only: no embedder is needed and nothing is ranked.
 */
import { basename, join } from 'node:path';
import type { Embedder, Frame } from '@quarry/core';
import {
  createRuleQuestionGenerator,
  generateQuestions,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import type { AnswerSearch, AnswerSearchBackend, FrameIndexSettings } from '@quarry/frames';
import { ingestPapers } from '@quarry/ingest';
import type { Store } from '@quarry/store';
import { createBm25Index } from '@quarry/text';
import { firstRelevantRank, percent } from '../retrieval-metrics.js';
import { openBenchmarkAnswerSearch, refuseBaselineOnDatabase } from './benchmark-answer-search.js';
import { readPdfBenchmarkFolder } from './pdf-benchmark-files.js';
import type { PdfQuestion, PdfQuestionKind } from './pdf-benchmark-files.js';
import { pdfMetricsByKind, textFidelity } from './pdf-benchmark-metrics.js';
import type { PdfMetricsByKind, TextFidelity } from './pdf-benchmark-metrics.js';
import { referenceFidelity } from './reference-sentence-classes.js';
import type { ReferenceFidelity } from './reference-sentence-classes.js';
import { holdsAnswer, normaliseAnswer } from './sentence-match.js';
import { askTableQuestions } from './table-questions.js';
import type { TableQuestion, TableQuestionMetrics } from './table-questions.js';
import { requireEmbedder, withThrowawayStore } from './throwaway-store.js';

export const pdfBenchmarkSystems = ['hybrid', 'bm25'] as const;
export type PdfBenchmarkSystem = (typeof pdfBenchmarkSystems)[number];

/** Hits asked for per question: the in-paper search's default page, what a reader sees. */
export const pdfRankingDepth = 10;

export interface PdfBenchmarkOptions {
  /** Holds the PDFs, questions.jsonl and reference-sentences.jsonl. */
  directory: string;
  system: PdfBenchmarkSystem;
  /** Required for `hybrid` when the folder has questions. */
  embedder?: Embedder;
  settings?: Partial<FrameIndexSettings>;
  /** Where the throw-away database goes; default the OS temporary folder. */
  workDirectory?: string;
  /** A postgres:// URL: run the hybrid on the PostgreSQL backend, in a fresh database there. */
  postgresServer?: string;
  /** Questions the papers do not answer (hybrid only): measures "no clear answer". */
  unanswerable?: readonly UnanswerableQuestion[];
  /** Questions about table cells (table-questions.ts), asked with the same in-paper search. */
  tableQuestions?: readonly TableQuestion[];
  onProgress?: (message: string) => void;
}

export interface PdfBenchmarkHit {
  text: string;
  /** The hybrid score (BM25 score for the baseline). */
  score: number;
  /** Cosine part of the hybrid score; null for the baseline. */
  cosine: number | null;
  /** Lexical (BM25) part of the score. */
  lexical: number;
  /** Word-vector coverage of the question; null for the baseline. */
  wordMatch: number | null;
  /** The cross-encoder's score when in-paper find's rerank step read the hit; null otherwise. */
  rerankScore: number | null;
  /** Whether this stored sentence holds an answer. */
  isAnswer: boolean;
}

export interface PdfQuestionResult extends PdfQuestion {
  /** 1-based rank of the first hit holding an answer; null when none of the top 10 does. */
  rank: number | null;
  /** False when the question's PDF is not in the folder or failed to ingest. */
  paperIngested: boolean;
  /**
   * Whether any stored sentence of the paper holds an answer: when none does, extraction or
   * sentence splitting lost it and no ranking can find it.
   */
  answerStored: boolean;
  /** Whether the search said its best hit clearly answers (always true for the baseline). */
  clearAnswer: boolean;
  hits: PdfBenchmarkHit[];
}

/** A question the paper does not answer: the reader should say no sentence clearly answers it. */
export interface UnanswerableQuestion {
  file: string;
  question: string;
}

export interface UnanswerableResult extends UnanswerableQuestion {
  clearAnswer: boolean;
  hits: Omit<PdfBenchmarkHit, 'isAnswer'>[];
}

export interface UnanswerableMetrics {
  questions: number;
  /** Share of unanswerable questions the search said have no clear answer. */
  noClearAnswerPercent: number;
  /** Share of answerable questions with an answer in the top 10 still marked clear. */
  answerableHitsKeptPercent: number;
  perQuestion: UnanswerableResult[];
}

export interface PdfIngestError {
  file: string;
  reason: string;
}

export interface PdfBenchmarkResult extends PdfMetricsByKind {
  benchmark: 'pdfs';
  system: PdfBenchmarkSystem;
  /** The answer-search backend the hybrid ran on; null for the BM25 baseline. */
  backend: AnswerSearchBackend | null;
  model: string | null;
  pdfs: number;
  ingested: number;
  errors: PdfIngestError[];
  fidelity: TextFidelity;
  /** Each reference sentence intact, split, merged or lost; overall and by template and layout. */
  referenceClasses: ReferenceFidelity;
  /** Questions whose file is not a PDF of the folder (scored as misses). */
  unknownFiles: number;
  /** Percentage of questions whose answer some stored sentence holds (the ceiling of any ranking). */
  answersStoredPercent: number;
  /** One entry per line of questions.jsonl, in order. */
  perQuestion: PdfQuestionResult[];
  /** With `unanswerable` questions and the hybrid: how often it says no sentence clearly answers. */
  unanswerable: UnanswerableMetrics | null;
  /** With `tableQuestions`: hit@1, hit@3 and MRR@10 of the rows holding each cell. */
  tables: TableQuestionMetrics | null;
}

interface IngestedPapers {
  /** Paper id of each ingested PDF, by file name. */
  paperIds: Map<string, string>;
  errors: PdfIngestError[];
}

/** Ingests each PDF as `quarry ingest papers` does, one file at a time. */
async function ingestEachPdf(options: {
  store: Store;
  directory: string;
  pdfs: readonly string[];
  progress: (message: string) => void;
}): Promise<IngestedPapers> {
  const paperIds = new Map<string, string>();
  const errors: PdfIngestError[] = [];
  for (const [position, file] of options.pdfs.entries()) {
    const path = join(options.directory, file);
    const stored: string[] = [];
    const summary = await ingestPapers({
      store: options.store,
      paths: [path],
      onPaperStored: (paper) => stored.push(paper.id),
    });
    const [paperId] = stored;
    const reasons = summary.errors.map((error) => error.message);
    if (paperId !== undefined && reasons.length === 0) {
      paperIds.set(file, paperId);
    } else {
      errors.push({ file, reason: reasons.join('; ') || 'no paper was stored' });
    }
    options.progress(
      `ingest ${position + 1}/${options.pdfs.length} ${file}: ` +
        (paperId !== undefined ? `${summary.frames} sentences` : `error: ${reasons.join('; ')}`),
    );
  }
  return { paperIds, errors };
}

/** Ranks a paper's stored sentences for a question; best first, at most `pdfRankingDepth`. */
type RankSentences = (options: {
  paperId: string;
  question: string;
}) => Promise<{ hits: Omit<PdfBenchmarkHit, 'isAnswer'>[]; clearAnswer: boolean }>;

function bm25Ranker(options: {
  framesByPaper: ReadonlyMap<string, readonly Frame[]>;
  settings: FrameIndexSettings;
}): RankSentences {
  const indexes = new Map<
    string,
    { index: ReturnType<typeof createBm25Index<number>>; frames: readonly Frame[] }
  >();
  return ({ paperId, question }) => {
    let entry = indexes.get(paperId);
    if (entry === undefined) {
      const frames = options.framesByPaper.get(paperId) ?? [];
      const index = createBm25Index<number>({
        fields: [{ name: 'sentence' }],
        k1: options.settings.bm25K1,
        b: options.settings.bm25B,
      });
      frames.forEach((frame, position) =>
        index.add({ id: position, fields: { sentence: frame.text } }),
      );
      entry = { index, frames };
      indexes.set(paperId, entry);
    }
    const { index, frames } = entry;
    const hits = index.search(question, { limit: pdfRankingDepth }).map((hit) => ({
      text: frames[hit.id]?.text ?? '',
      score: hit.score,
      cosine: null,
      lexical: hit.score,
      wordMatch: null,
      rerankScore: null,
    }));
    return Promise.resolve({ hits, clearAnswer: true });
  };
}

function hybridRanker(search: AnswerSearch): RankSentences {
  return async ({ paperId, question }) => {
    const result = await search.findInPaper({
      paperId,
      query: question,
      mode: 'question',
      limit: pdfRankingDepth,
    });
    return {
      clearAnswer: result.clearAnswer,
      hits: result.hits.map((hit) => ({
        text: hit.text,
        score: hit.score,
        cosine: hit.cosine,
        lexical: hit.lexical,
        wordMatch: hit.wordMatch,
        rerankScore: hit.rerankScore ?? null,
      })),
    };
  };
}

async function askQuestions(options: {
  questions: readonly PdfQuestion[];
  paperIds: ReadonlyMap<string, string>;
  framesByPaper: ReadonlyMap<string, readonly Frame[]>;
  rank: RankSentences;
}): Promise<PdfQuestionResult[]> {
  const results: PdfQuestionResult[] = [];
  for (const question of options.questions) {
    const paperId = options.paperIds.get(question.file);
    if (paperId === undefined) {
      results.push({
        ...question,
        rank: null,
        paperIngested: false,
        answerStored: false,
        clearAnswer: false,
        hits: [],
      });
      continue;
    }
    const answers = question.answers.map(normaliseAnswer);
    const ranked = await options.rank({ paperId, question: question.question });
    const hits = ranked.hits.map((hit) => ({ ...hit, isAnswer: holdsAnswer(hit.text, answers) }));
    const frames = options.framesByPaper.get(paperId) ?? [];
    results.push({
      ...question,
      rank: firstRelevantRank(hits, (hit) => hit.isAnswer),
      paperIngested: true,
      answerStored: frames.some((frame) => holdsAnswer(frame.text, answers)),
      clearAnswer: ranked.clearAnswer,
      hits,
    });
  }
  return results;
}

async function askUnanswerable(options: {
  questions: readonly UnanswerableQuestion[];
  answerable: readonly PdfQuestionResult[];
  paperIds: ReadonlyMap<string, string>;
  rank: RankSentences;
}): Promise<UnanswerableMetrics> {
  const perQuestion: UnanswerableResult[] = [];
  for (const question of options.questions) {
    const paperId = options.paperIds.get(question.file);
    if (paperId === undefined) continue;
    const ranked = await options.rank({ paperId, question: question.question });
    perQuestion.push({ ...question, ...ranked });
  }
  const found = options.answerable.filter((question) => question.rank !== null);
  return {
    questions: perQuestion.length,
    noClearAnswerPercent: percent(
      perQuestion.filter((question) => !question.clearAnswer).length /
        Math.max(perQuestion.length, 1),
    ),
    answerableHitsKeptPercent: percent(
      found.filter((question) => question.clearAnswer).length / Math.max(found.length, 1),
    ),
    perQuestion,
  };
}

export async function runPdfBenchmark(options: PdfBenchmarkOptions): Promise<PdfBenchmarkResult> {
  const progress = options.onProgress ?? (() => undefined);
  refuseBaselineOnDatabase(options);
  const folder = await readPdfBenchmarkFolder(options.directory);
  // A fidelity-only folder (no questions) ranks nothing, so it needs no embedder.
  const ranks =
    folder.questions.length > 0 ||
    (options.unanswerable?.length ?? 0) > 0 ||
    (options.tableQuestions?.length ?? 0) > 0;
  const embedder =
    options.system === 'hybrid' && ranks ? requireEmbedder(options.embedder) : undefined;
  const pdfNames = new Set(folder.pdfs);
  const unknownFiles = folder.questions.filter((question) => !pdfNames.has(question.file)).length;
  progress(
    `${folder.pdfs.length} PDFs, ${folder.questions.length} questions, ${folder.references.length} reference sentences in ${basename(options.directory)}`,
  );
  const settings = resolveFrameIndexSettings(options.settings);
  return withThrowawayStore(
    {
      prefix: 'quarry-eval-pdfs-',
      workDirectory: options.workDirectory,
      postgresServer: options.postgresServer,
    },
    async (store) => {
      const { paperIds, errors } = await ingestEachPdf({
        store,
        directory: options.directory,
        pdfs: folder.pdfs,
        progress,
      });
      const framesByPaper = new Map<string, Frame[]>();
      const storedSentencesByFile = new Map<string, string[]>();
      for (const [file, paperId] of paperIds) {
        const frames = await store.papers.frames(paperId);
        framesByPaper.set(paperId, frames);
        storedSentencesByFile.set(
          file,
          frames.map((frame) => frame.text),
        );
      }
      const fidelity = textFidelity({ storedSentencesByFile, references: folder.references });
      const referenceClasses = referenceFidelity({
        storedSentencesByFile,
        references: folder.references,
        captionFootnoteTexts: folder.captionFootnoteTexts,
        papers: folder.papers,
      });
      let backend: AnswerSearchBackend | null = null;
      let rank: RankSentences;
      if (embedder === undefined) {
        rank = bm25Ranker({ framesByPaper, settings });
      } else {
        const generated = await generateQuestions({
          store,
          generator: createRuleQuestionGenerator(),
        });
        progress(`generated ${generated.questions} rule questions over ${generated.frames} frames`);
        const opened = await openBenchmarkAnswerSearch({ store, embedder, settings });
        progress(
          `indexed ${opened.frames} frames in ${opened.seconds.toFixed(1)} s (${opened.backend} answer search)`,
        );
        backend = opened.backend;
        rank = hybridRanker(opened.search);
      }
      const perQuestion = await askQuestions({
        questions: folder.questions,
        paperIds,
        framesByPaper,
        rank,
      });
      const unanswerable =
        options.unanswerable === undefined || embedder === undefined
          ? null
          : await askUnanswerable({
              questions: options.unanswerable,
              answerable: perQuestion,
              paperIds,
              rank,
            });
      const tables =
        options.tableQuestions === undefined
          ? null
          : await askTableQuestions({
              questions: options.tableQuestions,
              paperIds,
              framesByPaper,
              rank,
            });
      const answersStored = perQuestion.filter((question) => question.answerStored).length;
      const kinds: PdfQuestionKind[] = perQuestion.map((question) => question.kind);
      return {
        benchmark: 'pdfs',
        system: options.system,
        backend,
        model: embedder?.modelId ?? null,
        pdfs: folder.pdfs.length,
        ingested: paperIds.size,
        errors,
        fidelity,
        referenceClasses,
        unknownFiles,
        answersStoredPercent: percent(answersStored / Math.max(perQuestion.length, 1)),
        ...pdfMetricsByKind({ kinds, ranks: perQuestion.map((question) => question.rank) }),
        perQuestion,
        unanswerable,
        tables,
      };
    },
  );
}
