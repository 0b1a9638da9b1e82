/**
 * @module Natural-language Ctrl+F inside one paper (docs/BENCHMARKS.md section 3): loads the
 * questions' papers from a folder of SciREX files into a throw-away database, builds the frame
 * index (with rule-generated questions, as the product does) and ranks each paper's sentences for
 * its questions. A hit is any gold sentence. With `postgresServer` the papers go into a fresh
 * database on that server and every question is asked of the PostgreSQL backend's in-paper search
 * (benchmark-answer-search.ts). Results are also split into `lexical` questions
 * (at least half of their content words occur in a gold sentence) and `paraphrased` ones.
 */
import type { Embedder, Paper } from '@quarry/core';
import { listPaperFiles, parsePaperFile } from '@quarry/ingest';
import { analyze, createBm25Index } from '@quarry/text';
import {
  createRuleQuestionGenerator,
  generateQuestions,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import type { AnswerSearchBackend, FrameIndexSettings } from '@quarry/frames';
import { readInPaperQuestions } from './inpaper-questions.js';
import type { InPaperQuestion } from './inpaper-questions.js';
import { firstRelevantRank, percent, summariseRanks } from '../retrieval-metrics.js';
import { openBenchmarkAnswerSearch, refuseBaselineOnDatabase } from './benchmark-answer-search.js';
import { requireEmbedder, withThrowawayStore } from './throwaway-store.js';

export const inPaperSystems = ['hybrid', 'bm25'] as const;
export type InPaperSystem = (typeof inPaperSystems)[number];

export interface InPaperBenchmarkOptions {
  papersDirectory: string;
  questionsFile: string;
  system: InPaperSystem;
  /** Required for `hybrid`. */
  embedder?: Embedder;
  settings?: Partial<FrameIndexSettings>;
  /** Fill the frames' question sets with the rule generator first (the product default). */
  generateRuleQuestions?: boolean;
  workDirectory?: string;
  /**
   * A postgres:// URL: the hybrid indexes and searches on the PostgreSQL backend, in a fresh
   * database created on that server and dropped afterwards. Default: embedded, `memory` backend.
   */
  postgresServer?: string;
  onProgress?: (message: string) => void;
}

export interface InPaperMetrics {
  questions: number;
  MRR: number;
  'R@1': number;
  'R@3': number;
}

export interface InPaperBenchmarkResult extends InPaperMetrics {
  benchmark: 'inpaper';
  system: InPaperSystem;
  /** The answer-search backend the hybrid ran on; null for the BM25 baseline. */
  backend: AnswerSearchBackend | null;
  model: string | null;
  papers: number;
  /** Questions whose paper is not in the folder (scored as misses). */
  unknownPapers: number;
  lexical: InPaperMetrics;
  paraphrased: InPaperMetrics;
  /** Each question's rank of its first gold sentence (1-based, null beyond the ranking depth). */
  ranks: (number | null)[];
}

/** A question is `lexical` when at least this share of its content words is in a gold sentence. */
export const lexicalOverlapThreshold = 0.5;
const rankingDepth = 100;

function metricsOf(ranks: readonly (number | null)[]): InPaperMetrics {
  const summary = summariseRanks({ ranks, cutoffs: [1, 3] });
  return {
    questions: summary.questions,
    MRR: percent(summary.reciprocalRank),
    'R@1': percent(summary.recall[1] ?? 0),
    'R@3': percent(summary.recall[3] ?? 0),
  };
}

/** Share of the question's content words (analysed terms) found in any gold sentence. */
export function lexicalOverlap(question: string, goldSentences: readonly string[]): number {
  const terms = new Set(analyze(question));
  if (terms.size === 0) return 0;
  const gold = new Set(goldSentences.flatMap((sentence) => analyze(sentence)));
  let shared = 0;
  for (const term of terms) if (gold.has(term)) shared++;
  return shared / terms.size;
}

async function readPapers(
  directory: string,
  wanted: ReadonlySet<string>,
): Promise<Map<string, Paper>> {
  const papers = new Map<string, Paper>();
  for (const file of await listPaperFiles([directory])) {
    for await (const result of parsePaperFile(file)) {
      if (result.ok && wanted.has(result.value.id)) papers.set(result.value.id, result.value);
    }
  }
  return papers;
}

export async function runInPaperBenchmark(
  options: InPaperBenchmarkOptions,
): Promise<InPaperBenchmarkResult> {
  const progress = options.onProgress ?? (() => undefined);
  const questions = await readInPaperQuestions(options.questionsFile);
  const papers = await readPapers(
    options.papersDirectory,
    new Set(questions.map((q) => q.paperId)),
  );
  const unknown = questions.filter((question) => !papers.has(question.paperId));
  progress(
    `${questions.length} questions over ${papers.size} papers (${unknown.length} questions name no paper in the folder)`,
  );
  const settings = resolveFrameIndexSettings({
    ...options.settings,
    maxResults: Math.max(rankingDepth, options.settings?.maxResults ?? 0),
  });
  refuseBaselineOnDatabase(options);
  const { ranks, backend } =
    options.system === 'bm25'
      ? { ranks: rankWithBm25({ questions, papers, settings }), backend: null }
      : await rankWithFrameIndex({ ...options, questions, papers, settings, progress });
  const lexical: (number | null)[] = [];
  const paraphrased: (number | null)[] = [];
  for (const [position, question] of questions.entries()) {
    const paper = papers.get(question.paperId);
    const gold = goldTexts(paper, question);
    const rank = ranks[position] ?? null;
    if (lexicalOverlap(question.question, gold) >= lexicalOverlapThreshold) lexical.push(rank);
    else paraphrased.push(rank);
  }
  return {
    benchmark: 'inpaper',
    system: options.system,
    backend,
    model: options.system === 'bm25' ? null : (options.embedder?.modelId ?? null),
    ...metricsOf(ranks),
    papers: papers.size,
    unknownPapers: unknown.length,
    lexical: metricsOf(lexical),
    paraphrased: metricsOf(paraphrased),
    ranks,
  };
}

function goldTexts(paper: Paper | undefined, question: InPaperQuestion): string[] {
  if (!paper) return [];
  const gold = new Set(question.goldSentenceIds);
  return paper.sentences
    .filter((s) => s.sourceIndex !== null && gold.has(s.sourceIndex))
    .map((s) => s.text);
}

function rankWithBm25(options: {
  questions: readonly InPaperQuestion[];
  papers: ReadonlyMap<string, Paper>;
  settings: FrameIndexSettings;
}): (number | null)[] {
  const indexes = new Map<string, ReturnType<typeof createBm25Index<number>>>();
  return options.questions.map((question) => {
    const paper = options.papers.get(question.paperId);
    if (!paper) return null;
    let index = indexes.get(paper.id);
    if (!index) {
      index = createBm25Index<number>({
        fields: [{ name: 'sentence' }],
        k1: options.settings.bm25K1,
        b: options.settings.bm25B,
      });
      for (const sentence of paper.sentences) {
        if (sentence.sourceIndex !== null)
          index.add({ id: sentence.sourceIndex, fields: { sentence: sentence.text } });
      }
      indexes.set(paper.id, index);
    }
    const gold = new Set(question.goldSentenceIds);
    const hits = index.search(question.question, { limit: rankingDepth });
    return firstRelevantRank(hits, (hit) => gold.has(hit.id));
  });
}

async function rankWithFrameIndex(options: {
  questions: readonly InPaperQuestion[];
  papers: ReadonlyMap<string, Paper>;
  settings: FrameIndexSettings;
  embedder?: Embedder;
  generateRuleQuestions?: boolean;
  workDirectory?: string;
  postgresServer?: string;
  progress: (message: string) => void;
}): Promise<{ ranks: (number | null)[]; backend: AnswerSearchBackend }> {
  const { progress } = options;
  const embedder = requireEmbedder(options.embedder);
  return withThrowawayStore(
    {
      prefix: 'quarry-eval-inpaper-',
      workDirectory: options.workDirectory,
      postgresServer: options.postgresServer,
      papers: options.papers.values(),
    },
    async (store) => {
      if (options.generateRuleQuestions ?? true) {
        const generated = await generateQuestions({
          store,
          generator: createRuleQuestionGenerator(),
        });
        progress(`generated ${generated.questions} rule questions over ${generated.frames} frames`);
      }
      const opened = await openBenchmarkAnswerSearch({
        store,
        embedder,
        settings: options.settings,
      });
      progress(
        `indexed ${opened.frames} frames in ${opened.seconds.toFixed(1)} s (${opened.backend} answer search)`,
      );
      const ranks: (number | null)[] = [];
      for (const question of options.questions) {
        if (!options.papers.has(question.paperId)) {
          ranks.push(null);
          continue;
        }
        const gold = new Set(question.goldSentenceIds);
        const result = await opened.search.findInPaper({
          paperId: question.paperId,
          query: question.question,
          mode: 'question',
          limit: rankingDepth,
        });
        ranks.push(
          firstRelevantRank(
            result.hits,
            (hit) => hit.sourceIndex !== null && gold.has(hit.sourceIndex),
          ),
        );
      }
      return { ranks, backend: opened.backend };
    },
  );
}
