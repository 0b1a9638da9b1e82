/**
 * @module Question suggestions (Talk to Papers / SOCO, section 3.2: generated questions tell users
 * what they can ask): autocomplete from the index's questions that start with the typed text
 * (question-prefixes.ts), then semantic suggestions from the question vectors nearest to it that
 * hold the typed words (typed-words.ts); and "you may also want to know" FAQs for a frame
 * (questions around it and nearest to its answer vector) or for a paper.
 */
import { AppError } from '@quarry/core';
import type { QuestionOrigin } from '@quarry/store';
import type { FrameIndex } from './frame-index.js';
import type { IndexedQuestion } from './indexed-frame.js';
import { continuingSuggestions } from './typed-words.js';

export interface Suggestion {
  questionId: string;
  text: string;
  frameId: string;
  paperId: string;
  origin: QuestionOrigin;
  /** `prefix`: starts with the typed text; `semantic`: a nearest question vector. */
  source: 'prefix' | 'semantic' | 'frame' | 'paper';
  /** Cosine to the typed text (semantic) or to the frame's answer vector (FAQ); else null. */
  similarity: number | null;
}

export interface SuggestOptions {
  index: FrameIndex;
  query: string;
  /** Default 8, at most the `maxSuggestions` setting. */
  limit?: number;
  /** Only questions about this paper. */
  paperId?: string;
}

const defaultLimit = 8;
/** Annotations first: a person asked them. */
const originRank: Record<QuestionOrigin, number> = { annotation: 0, llm: 1, rule: 2 };

function checkedLimit(index: FrameIndex, limit: number | undefined): number {
  const value = limit ?? defaultLimit;
  if (!Number.isInteger(value) || value < 1 || value > index.settings.maxSuggestions) {
    throw new AppError({
      code: 'invalid_input',
      message: `limit must be a whole number from 1 to ${index.settings.maxSuggestions}, got ${value}`,
    });
  }
  return value;
}

/** Collects suggestions, one per distinct question text (case-insensitive), up to `limit`. */
class SuggestionList {
  readonly items: Suggestion[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.items.length >= this.limit;
  }

  add(suggestion: Suggestion): void {
    const key = suggestion.text.trim().toLowerCase();
    if (this.full || this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(suggestion);
  }
}

export async function suggestQuestions(options: SuggestOptions): Promise<Suggestion[]> {
  const { index, paperId } = options;
  const limit = checkedLimit(index, options.limit);
  const typed = options.query.trim();
  if (typed.length === 0) return [];
  const list = new SuggestionList(limit);
  // From the index's own questions (question-prefixes.ts), not a scan of the stored ones.
  for (const question of index.questionsWithPrefix(
    typed,
    limit * index.settings.suggestionCandidateFactor,
  )) {
    const frame = index.frameAt(question.frame);
    if (paperId !== undefined && frame.paperId !== paperId) continue;
    list.add({
      questionId: question.id,
      text: question.text,
      frameId: frame.id,
      paperId: frame.paperId,
      origin: question.origin,
      source: 'prefix',
      similarity: null,
    });
  }
  if (!list.full && typed.length >= index.settings.minSemanticSuggestionCharacters) {
    const queryVector = await index.embedQuery(typed);
    const nearest = await index.nearestQuestionsOffThread({
      queryVector,
      limit: limit * index.settings.suggestionCandidateFactor,
      ...(paperId === undefined
        ? {}
        : {
            accept: (question: IndexedQuestion) =>
              index.frameAt(question.frame).paperId === paperId,
          }),
    });
    const semantic = nearest.map(({ question, similarity }) =>
      toSuggestion(index, question, { source: 'semantic', similarity }),
    );
    // Only those that continue the typed words (typed-words.ts): none rather than unrelated ones.
    for (const suggestion of continuingSuggestions(options.query, semantic)) list.add(suggestion);
  }
  return list.items;
}

export interface FaqOptions {
  index: FrameIndex;
  /** FAQs around one frame ... */
  frameId?: string;
  /** ... or for a whole paper. */
  paperId?: string;
  limit?: number;
}

/** "You may also want to know": questions for a frame or a paper, never the frame's own. */
export function frequentlyAskedQuestions(options: FaqOptions): Suggestion[] {
  const { index } = options;
  const limit = checkedLimit(index, options.limit);
  const list = new SuggestionList(limit);
  if (options.frameId !== undefined) {
    const row = index.frameRow(options.frameId);
    if (row === undefined) {
      throw new AppError({
        code: 'not_found',
        message: 'no such frame',
        where: `frame ${options.frameId}`,
      });
    }
    const frame = index.frameAt(row);
    const range = index.paperRange(frame.paperId) ?? { start: row, end: row + 1 };
    const own = new Set(index.questionsOfFrame(row).map((question) => question.text.toLowerCase()));
    const answer = index.answerVectorOf(row);
    const reach = index.settings.faqNeighbourSentences;
    const nearby: { question: IndexedQuestion; similarity: number }[] = [];
    for (
      let other = Math.max(range.start, row - reach);
      other < Math.min(range.end, row + reach + 1);
      other++
    ) {
      if (other === row) continue;
      for (const question of index.questionsOfFrame(other)) {
        nearby.push({ question, similarity: index.questionSimilarity(question.id, answer) });
      }
    }
    const semantic = index.nearestQuestions({
      queryVector: answer,
      limit: limit * index.settings.suggestionCandidateFactor,
      accept: (question) =>
        question.frame !== row && index.frameAt(question.frame).paperId === frame.paperId,
    });
    const ranked = [...nearby, ...semantic].sort(
      (left, right) => right.similarity - left.similarity,
    );
    for (const { question, similarity } of ranked) {
      if (own.has(question.text.toLowerCase())) continue;
      list.add(toSuggestion(index, question, { source: 'frame', similarity }));
    }
    return list.items;
  }
  if (options.paperId !== undefined) {
    const range = index.paperRange(options.paperId);
    if (range === undefined) {
      throw new AppError({
        code: 'not_found',
        message: 'the paper is not in the answer index',
        where: `paper ${options.paperId}`,
      });
    }
    const questions: IndexedQuestion[] = [];
    for (let row = range.start; row < range.end; row++)
      questions.push(...index.questionsOfFrame(row));
    // Annotations, then model-written, then rule questions; each group in reading order.
    questions.sort(
      (left, right) =>
        originRank[left.origin] - originRank[right.origin] || left.frame - right.frame,
    );
    for (const question of questions)
      list.add(toSuggestion(index, question, { source: 'paper', similarity: null }));
    return list.items;
  }
  throw new AppError({ code: 'invalid_input', message: 'FAQs need a frame id or a paper id' });
}

function toSuggestion(
  index: FrameIndex,
  question: IndexedQuestion,
  how: Pick<Suggestion, 'source' | 'similarity'>,
): Suggestion {
  const frame = index.frameAt(question.frame);
  return {
    questionId: question.id,
    text: question.text,
    frameId: frame.id,
    paperId: frame.paperId,
    origin: question.origin,
    ...how,
  };
}
