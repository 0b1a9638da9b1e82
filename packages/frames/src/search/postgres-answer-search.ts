/**
 * @module The `postgres` search backend: the database is the index, and this process holds no
 * per-frame state. Answer search gathers candidates in PostgreSQL (BM25 postings, HNSW over answer
 * and question vectors), reads their stored term frequencies, cosines and texts in one query, then
 * scores them with the same pure code as the in-memory backend (exact BM25F, hybrid-ranking.ts).
 * In-paper search, a paper's suggestions and FAQs read that one paper (paper-frame-index.ts).
 */
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import type { Store } from '@quarry/store';
import { analyze } from '@quarry/text';
import { isClearAnswer } from '../answer-clarity.js';
import { answerTypeTest } from '../answer-span.js';
import { findInPaper } from '../find-in-paper.js';
import { answerHit } from '../answer-hit.js';
import type { AnswerHit, AnswerSearchOptions, AnswerSearchResult } from '../answer-hit.js';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import { rankHybrid } from '../hybrid-ranking.js';
import { sectionPenaltyFor } from '../section-preference.js';
import { tableCellMatchFor } from '../table-cell-match.js';
import { sameSentenceKey } from '../same-sentence.js';
import { contentWords, createWordMatcher } from '../word-match.js';
import type { HybridScore } from '../hybrid-ranking.js';
import { frequentlyAskedQuestions, suggestQuestions } from '../suggest.js';
import { continuingSuggestions } from '../typed-words.js';
import type { Suggestion } from '../suggest.js';
import type { AnswerSearch } from './answer-search.js';
import { recentTitles, withPaperScope } from './paper-scope.js';
import { bm25fParameters, exactBm25f, queryTermWeights } from './exact-bm25f.js';
import { createPaperIndexCache } from './paper-index-cache.js';
import { loadPaperFrameIndex, paperVectorsComplete } from './paper-frame-index.js';
import {
  bm25Candidates,
  candidateFeatures,
  denseCandidates,
  lexicalStatistics,
} from './postgres-candidates.js';
import type { CandidateFeatures, VectorSpace } from './postgres-candidates.js';
import { nearestQuestionSuggestions, prefixSuggestions } from './postgres-suggestions.js';
import { checkedLimit, checkQuery } from './search-input.js';

const defaultLimit = 10;
const defaultSuggestionLimit = 8;

export function createPostgresAnswerSearch(options: {
  store: Store;
  embedder: Embedder;
  settings?: Partial<FrameIndexSettings>;
}): AnswerSearch {
  const { store, embedder } = options;
  const settings = resolveFrameIndexSettings(options.settings);
  if (settings.questionLexicalWeight > 0) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the PostgreSQL search backend has no question BM25 channel',
      fix: 'set questionLexicalWeight to 0 (the default) or use the memory backend',
    });
  }
  const space: VectorSpace = { model: embedder.modelId, dimension: embedder.dimension };
  const papers = createPaperIndexCache({
    store,
    size: settings.inPaperIndexCacheSize,
    load: (paperId) => loadPaperFrameIndex({ store, embedder, settings, paperId }),
    vectorsComplete: (paperId) => paperVectorsComplete({ store, model: embedder.modelId, paperId }),
  });
  const paperIndex = (paperId: string) => papers.get(paperId);

  const embedQuery = async (query: string): Promise<Float32Array> => {
    checkQuery(settings, query);
    const [vector] = await embedder.embed([query], 'query');
    if (vector === undefined || vector.length !== embedder.dimension) {
      throw new AppError({
        code: 'model_failure',
        message: `the embedder returned no ${embedder.dimension}-dimensional vector`,
      });
    }
    return vector;
  };

  const search = async (request: AnswerSearchOptions): Promise<AnswerSearchResult> => {
    const limit = checkedLimit(settings, request.limit ?? defaultLimit);
    const { query } = request;
    const filter = request.filter ?? {};
    checkQuery(settings, query);
    const queryTerms = analyze(query);
    // The lexical side (two queries) runs while the encoder embeds the query, then the dense side.
    const lexicalSide = async () => {
      const statistics = await lexicalStatistics(store.client, queryTerms);
      const byTerm = queryTermWeights({
        queryTerms,
        documentFrequencies: new Map(
          [...statistics.terms].map(([term, found]) => [term, found.frameCount]),
        ),
        frameCount: statistics.corpus.frameCount,
      });
      const queryWeights = new Map<number, number>();
      for (const [term, weight] of byTerm) {
        const id = statistics.terms.get(term)?.id;
        if (id !== undefined) queryWeights.set(id, weight);
      }
      const lexical = await bm25Candidates(store.client, {
        termWeights: queryWeights,
        filter,
        postingsPerTerm: settings.postgresPostingsPerTerm,
        limit: settings.bm25Candidates,
      });
      return { statistics, queryWeights, lexical };
    };
    const denseSide = async () => {
      const queryVector = await embedQuery(query);
      const dense = await denseCandidates(store.client, {
        space,
        queryVector,
        filter,
        frameLimit: settings.vectorCandidates,
        questionLimit: settings.questionCandidates,
        efSearch: settings.postgresEfSearch,
      });
      return { queryVector, dense };
    };
    const [{ statistics, queryWeights, lexical }, { queryVector, dense }] = await Promise.all([
      lexicalSide(),
      denseSide(),
    ]);
    const features = await candidateFeatures(store.client, {
      space,
      queryVector,
      frameIds: [...lexical, ...dense],
    });
    const parameters = bm25fParameters(settings);
    const bm25 = new Map(
      features.map((frame) => [
        frame.frameId,
        exactBm25f({ frame, queryWeights, corpus: statistics.corpus, parameters }),
      ]),
    );
    // The BM25 side keeps its best `bm25Candidates` by exact score (a paper filter reads them all).
    const lexicalKept = lexical
      .sort((left, right) => (bm25.get(right) ?? 0) - (bm25.get(left) ?? 0) || left - right)
      .slice(0, settings.bm25Candidates);
    const kept = new Set([...lexicalKept, ...dense]);
    const candidates = features.filter((frame) => kept.has(frame.frameId));
    const answerType = answerTypeTest(query);
    const sectionPenalty = sectionPenaltyFor(query);
    const tableCellMatch = tableCellMatchFor(query);
    const wordMatcher = createWordMatcher({ query, wordVectors: embedder.wordVectors });
    const byId = new Map(candidates.map((frame) => [frame.frameId, frame]));
    const ranked = rankHybrid({
      similarityFloor: embedder.similarityFloor ?? 0,
      candidates: candidates.map((frame) => ({
        frame: frame.frameId,
        answerSimilarity: frame.answerSimilarity,
        ...(frame.awaitsVector ? { awaitsVector: true } : {}),
        bestQuestion: frame.bestQuestion
          ? { questionId: frame.bestQuestion.id, similarity: frame.bestQuestion.similarity }
          : null,
        bm25: bm25.get(frame.frameId) ?? 0,
        hasAnswerType: answerType?.(frame.text) ?? false,
        sectionPenalty: sectionPenalty?.(frame) ?? 0,
        tableCellMatch: tableCellMatch?.(frame) ?? 0,
      })),
      topBm25: Math.max(0, ...lexicalKept.map((frameId) => bm25.get(frameId) ?? 0)),
      alpha: settings.alpha,
      answerTypeWeight: settings.answerTypeWeight,
      wordMatchWeight: settings.wordMatchWeight,
      sectionPreferenceWeight: settings.sectionPreferenceWeight,
      tableCellWeight: settings.tableCellWeight,
      ...(wordMatcher
        ? {
            wordMatchOf: (frameId: number) =>
              wordMatcher.score(contentWords(byId.get(frameId)?.text ?? '')),
          }
        : {}),
      sentenceKeyOf: (frameId) => {
        const frame = byId.get(frameId);
        return frame ? sameSentenceKey(frame) : `frame ${frameId}`;
      },
      limit,
    });
    return {
      query,
      hits: ranked.flatMap((score) => {
        const frame = byId.get(score.frame);
        return frame ? [toHit(frame, score, query)] : [];
      }),
      candidates: candidates.length,
      clearAnswer: isClearAnswer({
        best: ranked[0],
        minimumCoverage: settings.clearAnswerMinimumCoverage,
      }),
    };
  };

  const paperTitles = async () => {
    const { rows } = await store.client.query<{ id: string; title: string }>(
      `SELECT p.id, p.title FROM papers p
       WHERE EXISTS (SELECT 1 FROM frame_search fs WHERE fs.paper_id = p.id) ORDER BY p.id`,
    );
    return new Map(rows.map((row) => [row.id, row.title]));
  };

  const requirePaperIndex = async (paperId: string) => {
    const index = await paperIndex(paperId);
    if (index === null) {
      throw new AppError({
        code: 'not_found',
        message: 'the paper is not in the answer index',
        where: `paper ${paperId}`,
        fix: 'ingest the paper, then index it',
      });
    }
    return index;
  };

  return {
    backend: 'postgres',
    settings,
    search: withPaperScope({
      search,
      paperTitles: recentTitles({ read: paperTitles, maxAgeMs: settings.scopeTitlesMaxAgeMs }),
      maxScopedPapers: settings.maxScopedPapers,
    }),
    async findInPaper(request) {
      return findInPaper({ index: await requirePaperIndex(request.paperId), ...request });
    },
    async suggest(request): Promise<Suggestion[]> {
      if (request.paperId !== undefined) {
        const index = await requirePaperIndex(request.paperId);
        return suggestQuestions({ index, ...request });
      }
      const limit = request.limit ?? defaultSuggestionLimit;
      if (!Number.isInteger(limit) || limit < 1 || limit > settings.maxSuggestions) {
        throw new AppError({
          code: 'invalid_input',
          message: `limit must be a whole number from 1 to ${settings.maxSuggestions}, got ${limit}`,
        });
      }
      const typed = request.query.trim();
      if (typed.length === 0) return [];
      const wanted = limit * settings.suggestionCandidateFactor;
      const suggestions = await prefixSuggestions(store, { prefix: typed, limit: wanted });
      if (
        distinctTexts(suggestions).length < limit &&
        typed.length >= settings.minSemanticSuggestionCharacters
      ) {
        const queryVector = await embedQuery(typed);
        const nearest = await nearestQuestionSuggestions(store.client, {
          space,
          queryVector,
          limit: wanted,
          efSearch: settings.postgresEfSearch,
        });
        // Only those that continue the typed words (typed-words.ts), as on the memory backend.
        suggestions.push(...continuingSuggestions(request.query, nearest));
      }
      return distinctTexts(suggestions).slice(0, limit);
    },
    async faq(request) {
      let paperId = request.paperId;
      if (request.frameId !== undefined) {
        const { rows } = await store.client.query<{ paper_id: string }>(
          'SELECT paper_id FROM frames WHERE id::text = $1',
          [request.frameId],
        );
        paperId = rows[0]?.paper_id;
        if (paperId === undefined) {
          throw new AppError({
            code: 'not_found',
            message: 'no such frame',
            where: `frame ${request.frameId}`,
          });
        }
      }
      if (paperId === undefined) {
        throw new AppError({
          code: 'invalid_input',
          message: 'FAQs need a frame id or a paper id',
        });
      }
      const index = await requirePaperIndex(paperId);
      return frequentlyAskedQuestions({ index, ...request });
    },
    paperTitles,
    async addQuestion(question) {
      const [vector] = await embedder.embed([question.text], 'query');
      if (vector === undefined) {
        throw new AppError({ code: 'model_failure', message: 'the embedder returned no vector' });
      }
      await store.vectors.upsertMany({
        ownerKind: 'question',
        model: embedder.modelId,
        vectors: [{ ownerId: question.id, vector }],
      });
    },
    // The store deletes a deleted question's vector (migrations/0011): nothing is held here.
    removeQuestion: () => Promise.resolve(),
  };
}

/** One suggestion per distinct question text (case-insensitive), first kept. */
function distinctTexts(suggestions: readonly Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((suggestion) => {
    const key = suggestion.text.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toHit(frame: CandidateFeatures, score: HybridScore, query: string): AnswerHit {
  const matched =
    score.matchedQuestionId !== null && frame.bestQuestion?.id === score.matchedQuestionId
      ? { id: frame.bestQuestion.id, text: frame.bestQuestion.text }
      : null;
  return answerHit({
    frameId: String(frame.frameId),
    sentence: frame,
    context: { before: frame.contextBefore, after: frame.contextAfter },
    score,
    matchedQuestion: matched,
    query,
  });
}
