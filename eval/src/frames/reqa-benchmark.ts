/**
 * @module Sentence answer retrieval on SQuAD (ReQA; docs/BENCHMARKS.md section 2): every distinct
 * (sentence, paragraph) is one frame with its paragraph as context, every question ranks all
 * sentences of the file, and the target is the sentence holding its first answer. `hybrid` is
 * the frame index's answer search; `bm25` the plain BM25 baseline over sentences alone (stopwords
 * removed), the reference the protocol quotes. With `postgresServer` the hybrid runs on the
 * PostgreSQL answer-search backend in a fresh database on that server (benchmark-answer-search.ts),
 * with the same questions, targets and metrics. `reqaCandidatePool` is the same benchmark as a fixed
 * candidate pool (every answer's sentence relevant), for the encoder's training validation and
 * held-out evaluation: the one ReQA builder.
 */
import { embedInBatches } from '@quarry/core';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import { createBm25Index } from '@quarry/text';
import { resolveFrameIndexSettings } from '@quarry/frames';
import type { AnswerSearchBackend, FrameIndexSettings } from '@quarry/frames';
import type { RetrievalBenchmark } from '../encoder/evaluation/retrieval-evaluation.js';
import { firstRelevantRank, percent, summariseRanks } from '../retrieval-metrics.js';
import {
  frameIdsBySentence,
  openBenchmarkAnswerSearch,
  refuseBaselineOnDatabase,
} from './benchmark-answer-search.js';
import { readSquadBenchmark } from './squad-frames.js';
import type { SquadBenchmarkData } from './squad-frames.js';
import { requireEmbedder, withThrowawayStore } from './throwaway-store.js';

export const reqaSystems = ['hybrid', 'bm25'] as const;
export type ReqaSystem = (typeof reqaSystems)[number];

export interface ReqaBenchmarkOptions {
  squadFile: string;
  system: ReqaSystem;
  /** Required for `hybrid`. */
  embedder?: Embedder;
  /** Overrides of the frame index settings (the paragraph is always the context). */
  settings?: Partial<FrameIndexSettings>;
  /** Where the throw-away database goes; default the OS temporary folder. */
  workDirectory?: string;
  /**
   * A postgres:// URL: the hybrid indexes and searches on the PostgreSQL backend, in a fresh
   * database created on that server and dropped afterwards. Default: embedded, `memory` backend.
   */
  postgresServer?: string;
  onProgress?: (message: string) => void;
}

export interface ReqaBenchmarkResult {
  benchmark: 'reqa-squad';
  system: ReqaSystem;
  /** The answer-search backend the hybrid ran on; null for the BM25 baseline. */
  backend: AnswerSearchBackend | null;
  model: string | null;
  sentences: number;
  questions: number;
  MRR: number;
  'R@1': number;
  'R@5': number;
  'R@10': number;
  /** Each question's rank of its target sentence (1-based, null beyond the ranking depth). */
  ranks: (number | null)[];
}

/** Ranks are read to this depth; MRR is therefore MRR@100 (a deeper hit adds under 0.01). */
const rankingDepth = 100;
const progressEvery = 500;

export async function runReqaBenchmark(
  options: ReqaBenchmarkOptions,
): Promise<ReqaBenchmarkResult> {
  const progress = options.onProgress ?? (() => undefined);
  const data = await readSquadBenchmark(options.squadFile);
  progress(
    `${data.papers.length} articles, ${data.sentences} sentences, ${data.questions.length} questions`,
  );
  const settings = resolveFrameIndexSettings({
    ...options.settings,
    contextSentences: 'section',
    maxResults: Math.max(rankingDepth, options.settings?.maxResults ?? 0),
  });
  refuseBaselineOnDatabase(options);
  const { ranks, backend } =
    options.system === 'bm25'
      ? { ranks: rankWithBm25(data, settings), backend: null }
      : await rankWithFrameIndex({ ...options, data, settings, progress });
  const summary = summariseRanks({ ranks, cutoffs: [1, 5, 10] });
  return {
    benchmark: 'reqa-squad',
    system: options.system,
    backend,
    model: options.system === 'bm25' ? null : (options.embedder?.modelId ?? null),
    sentences: data.sentences,
    questions: summary.questions,
    MRR: percent(summary.reciprocalRank),
    'R@1': percent(summary.recall[1] ?? 0),
    'R@5': percent(summary.recall[5] ?? 0),
    'R@10': percent(summary.recall[10] ?? 0),
    ranks,
  };
}

function rankWithBm25(data: SquadBenchmarkData, settings: FrameIndexSettings): (number | null)[] {
  const index = createBm25Index({
    fields: [{ name: 'sentence' }],
    k1: settings.bm25K1,
    b: settings.bm25B,
  });
  for (const paper of data.papers) {
    for (const sentence of paper.sentences) {
      index.add({ id: `${paper.id}:${sentence.index}`, fields: { sentence: sentence.text } });
    }
  }
  return data.questions.map((question) => {
    const target = `${question.paperId}:${question.sentenceIndex}`;
    const hits = index.search(question.question, { limit: rankingDepth });
    return firstRelevantRank(hits, (hit) => hit.id === target);
  });
}

async function rankWithFrameIndex(options: {
  data: SquadBenchmarkData;
  settings: FrameIndexSettings;
  embedder?: Embedder;
  workDirectory?: string;
  postgresServer?: string;
  progress: (message: string) => void;
}): Promise<{ ranks: (number | null)[]; backend: AnswerSearchBackend }> {
  const { data, settings, progress } = options;
  // Thousands of questions: embedded in batches up front (as a transformer wants), then answered
  // from memory when each search embeds its query.
  const embedder = await withQueriesEmbedded(
    requireEmbedder(options.embedder),
    data.questions.map((question) => question.question),
  );
  return withThrowawayStore(
    {
      prefix: 'quarry-eval-answers-',
      workDirectory: options.workDirectory,
      postgresServer: options.postgresServer,
      papers: data.papers,
    },
    async (store) => {
      const opened = await openBenchmarkAnswerSearch({ store, embedder, settings });
      progress(
        `indexed ${opened.frames} frames in ${opened.seconds.toFixed(1)} s ` +
          `(${Math.round(opened.framesPerSecond)} frames/s, ${opened.backend} answer search)`,
      );
      const frameIdOf = await frameIdsBySentence(store);
      const ranks: (number | null)[] = [];
      for (const [position, question] of data.questions.entries()) {
        const target = frameIdOf.get(`${question.paperId}:${question.sentenceIndex}`);
        const result = await opened.search.search({
          query: question.question,
          limit: rankingDepth,
        });
        ranks.push(firstRelevantRank(result.hits, (hit) => hit.frameId === target));
        if ((position + 1) % progressEvery === 0)
          progress(`${position + 1}/${data.questions.length} questions`);
      }
      return { ranks, backend: opened.backend };
    },
  );
}

/**
 * ReQA over a fixed pool: every sentence of the read articles is a candidate, in paper order; each
 * question's relevant candidates are the sentences its answers start in.
 */
export function reqaCandidatePool(data: SquadBenchmarkData): RetrievalBenchmark {
  const candidates: string[] = [];
  const firstCandidate = new Map<string, number>();
  for (const paper of data.papers) {
    firstCandidate.set(paper.id, candidates.length);
    candidates.push(...paper.sentences.map((sentence) => sentence.text));
  }
  const queries = data.questions.map((question) => {
    const offset = firstCandidate.get(question.paperId) ?? 0;
    return {
      text: question.question,
      relevant: new Set(question.answerSentenceIndices.map((index) => offset + index)),
    };
  });
  return { queries, candidates };
}

/** The embedder, with these queries' vectors computed in batches ahead of the searches. */
async function withQueriesEmbedded(
  embedder: Embedder,
  queries: readonly string[],
): Promise<Embedder> {
  const distinct = [...new Set(queries)];
  const vectors = await embedInBatches({
    embedder,
    texts: distinct,
    batchSize: 64,
    purpose: 'query',
  });
  const known = new Map(distinct.map((text, position) => [text, vectors[position]]));
  return {
    ...embedder,
    embed(texts: readonly string[], purpose: EmbedPurpose = 'passage') {
      const found = texts.map((text) => (purpose === 'query' ? known.get(text) : undefined));
      if (found.every((vector) => vector !== undefined)) {
        return Promise.resolve(found.map((vector) => vector.slice()));
      }
      return embedder.embed(texts, purpose);
    },
  };
}
