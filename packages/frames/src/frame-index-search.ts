/**
 * @module Answer search over a FrameIndex held in memory (FrameIndex.search): candidates taken from
 * BM25, from the answer vectors, from the question vectors and from the questions' BM25, then
 * every candidate scored exactly once with the hybrid score (hybrid-ranking.ts) and ranked.
 */
import type { Bm25Index } from '@quarry/text';
import { toAnswerHit } from './answer-hit.js';
import type { AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
import { isClearAnswer } from './answer-clarity.js';
import { answerTypeTest } from './answer-span.js';
import { frameAcceptor } from './frame-acceptor.js';
import type { FrameIndex } from './frame-index.js';
import { rankHybrid } from './hybrid-ranking.js';
import { sectionPenaltyFor } from './section-preference.js';
import { tableCellMatchFor } from './table-cell-match.js';
import type { FrameFilter, IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import { sameSentenceKey } from './same-sentence.js';
import { checkQuery } from './search/search-input.js';
import type { VectorMatrix } from './vector-matrix.js';
import { createWordMatcher } from './word-match.js';

const defaultLimit = 10;

/** What answer search reads of a FrameIndex beyond its public methods: its own tables. */
export interface FrameIndexSearchTables {
  /** In reading order: by paper, then sentence. */
  frames: readonly IndexedFrame[];
  /** 1 for frames a question may be answered by (not a heading, not a fragment). */
  answerable: Uint8Array;
  /** Ids are rows of `frames`. */
  bm25: Bm25Index<number>;
  /** Row i is the answer vector h_a of frames[i]. */
  answerVectors: VectorMatrix;
}

/** Answer search over every frame the filter lets through (hybrid score, exact re-score). */
export async function searchFrameIndex(options: {
  index: FrameIndex;
  tables: FrameIndexSearchTables;
  search: AnswerSearchOptions;
}): Promise<AnswerSearchResult> {
  const { index, tables } = options;
  const limit = index.checkLimit(options.search.limit ?? defaultLimit);
  const query = options.search.query;
  const filter = options.search.filter ?? {};
  const accept = frameAcceptor({ frames: tables.frames, answerable: tables.answerable, filter });
  checkQuery(index.settings, query);
  // The encoder runs on ONNX Runtime's threads: the lexical side is scored while it embeds.
  const embedding = index.embedQuery(query);
  let lexicalHits: ReturnType<typeof tables.bm25.search>;
  let questionLexical: ReturnType<typeof index.questionLexicalScores>;
  try {
    lexicalHits = tables.bm25.search(query, {
      limit: index.settings.bm25Candidates,
      filter: accept,
    });
    questionLexical = index.questionLexicalScores(query, accept);
  } catch (error) {
    embedding.catch(() => undefined);
    throw error;
  }
  const queryVector = await embedding;
  const candidateRows = new Set(lexicalHits.map((hit) => hit.id));
  const vectorRows = await vectorCandidates({
    index,
    answerVectors: tables.answerVectors,
    queryVector,
    filter,
    accept,
  });
  for (const row of vectorRows) candidateRows.add(row);
  for (const row of topRows(questionLexical.byFrame, index.settings.questionCandidates)) {
    candidateRows.add(row);
  }
  const rows = [...candidateRows];
  const exact = tables.bm25.scoreDocuments(query, rows);
  const answerType = answerTypeTest(query);
  const sectionPenalty = sectionPenaltyFor(query);
  const tableCellMatch = tableCellMatchFor(query);
  const wordVectors = index.embedder.wordVectors;
  const wordMatcher = createWordMatcher({ query, wordVectors });
  const candidates = rows.map((row, position) =>
    index.candidateOf({
      row,
      queryVector,
      bm25: exact[position]?.score ?? 0,
      questionBm25: questionLexical.byFrame.get(row) ?? 0,
      answerType,
      sectionPenalty,
      tableCellMatch,
    }),
  );
  const ranked = rankHybrid({
    similarityFloor: index.embedder.similarityFloor ?? 0,
    candidates,
    topBm25: lexicalHits[0]?.score ?? 0,
    alpha: index.settings.alpha,
    answerTypeWeight: index.settings.answerTypeWeight,
    questionBm25FullMatch: questionLexical.fullMatch,
    questionLexicalWeight: index.settings.questionLexicalWeight,
    wordMatchWeight: index.settings.wordMatchWeight,
    sectionPreferenceWeight: index.settings.sectionPreferenceWeight,
    tableCellWeight: index.settings.tableCellWeight,
    ...(wordMatcher
      ? { wordMatchOf: (row: number) => wordMatcher.score(index.contentWordsOf(row)) }
      : {}),
    sentenceKeyOf: (row) => sameSentenceKey(index.frameAt(row)),
    limit,
  });
  return {
    query,
    hits: ranked.map((score) => toAnswerHit(index, score, query)),
    candidates: rows.length,
    clearAnswer: isClearAnswer({
      best: ranked[0],
      minimumCoverage: index.settings.clearAnswerMinimumCoverage,
    }),
  };
}

/** Frame rows nearest the query: from the frame vectors and from the question vectors. */
async function vectorCandidates(options: {
  index: FrameIndex;
  answerVectors: VectorMatrix;
  queryVector: Float32Array;
  filter: FrameFilter;
  accept: (row: number) => boolean;
}): Promise<number[]> {
  const { index, answerVectors, queryVector, filter, accept } = options;
  const { vectorCandidates: vectorLimit, questionCandidates } = index.settings;
  const viaQuestions = (
    await index.nearestQuestionsOffThread({
      queryVector,
      limit: questionCandidates,
      accept: (question: IndexedQuestion) => accept(question.frame),
    })
  ).map(({ question }) => question.frame);
  const nearest = filter.paperIds
    ? answerVectors.nearest({
        query: queryVector,
        limit: vectorLimit,
        accept,
        rows: rowsOfPapers(index, filter.paperIds),
      })
    : // The full scan, on a scan-pool worker when the server has them.
      await answerVectors.nearestOffThread({
        query: queryVector,
        limit: vectorLimit,
        accept,
      });
  return [...nearest.map(({ row }) => row), ...viaQuestions];
}

function* rowsOfPapers(index: FrameIndex, paperIds: readonly string[]): Generator<number> {
  for (const paperId of new Set(paperIds)) {
    const range = index.paperRange(paperId);
    if (range === undefined) continue;
    for (let row = range.start; row < range.end; row++) yield row;
  }
}

/** The `count` keys with the highest values, highest first. */
function topRows(scores: ReadonlyMap<number, number>, count: number): number[] {
  return [...scores.entries()]
    .sort((left, right) => right[1] - left[1] || left[0] - right[0])
    .slice(0, count)
    .map(([row]) => row);
}
