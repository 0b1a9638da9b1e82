/**
 * @module Hypothetical answers for answer and in-paper search (HyDE: Gao, Ma, Lin and Callan 2022,
 * "Precise Zero-Shot Dense Retrieval without Relevance Labels"): when a language model is
 * configured, it writes one short sentence, in the style of a research paper, that could answer the
 * question; the search then runs for the question and for the question followed by that sentence,
 * and the two rankings are fused. An answer phrased unlike the question ("how fast is it?" against
 * "it runs at 20 FPS") shares words and meaning with the hypothetical sentence even when it shares
 * none with the question. Only the question goes to the model, never paper text, and the sentence
 * is only searched with, never shown.
 *
 * Fusion is the max of the two scores (CombMAX, Fox and Shaw 1994), not reciprocal-rank fusion
 * (Cormack et al. 2009). The sentences HyDE is for are exactly those the question's own ranking
 * misses, and RRF adds 1 / (k + rank) per list, so a sentence found by one query only (1/61 at
 * best, k = 60) falls below every sentence both queries find (2/70 even at rank 10 in both): it
 * would reorder what the question already finds and bury what only the hypothetical answer finds.
 * Both rankings come from the same hybrid ranker, so the max compares like with like: a sentence
 * the question matches well keeps its score, and one only the hypothetical answer finds rises as
 * far as its own score takes it. The scale is shared only roughly, and the bias is towards the
 * question: BM25 is divided by each query's own top BM25 (so the question's best lexical match gets
 * the full lexical part however weak), and word match is coverage of the longer query for the
 * expanded search. The hypothetical answer therefore moves the top mostly when the question's own
 * words find little, the paraphrase case it is for. Unmeasured: the offline path is what the
 * benchmarks measure, and they run without a language model.
 *
 * A sentence both searches return keeps the hit of the question's own search (its answer span,
 * word match and matched question describe the user's question, not the longer query); it is
 * ranked by the higher of its two scores. Every other field of the result (count of candidates,
 * whether the best hit clearly answers, and any added later) is the question's own result's.
 *
 * The model is asked within `timeoutMs`, while the question's own search already runs; a model that
 * fails, hangs past the timeout or answers nothing, or a second search that fails, is logged and
 * the question's own result is returned: search never waits longer than the timeout for the model
 * and never fails because of it. Text-mode find and every other method pass through unchanged.
 */
import type { AnswerHit, AnswerSearchOptions, AnswerSearchResult } from '../answer-hit.js';
import type { FindInPaperResult, InPaperHit } from '../find-in-paper.js';
import { sameSentenceKey } from '../same-sentence.js';
import type { AnswerSearch, PaperFindQuery } from './answer-search.js';

/**
 * Asks a language model for one sentence that could answer the question (adapters for AI SDK
 * providers live with the agent). It should stop when `signal` aborts; it is not waited for after.
 */
export type WriteHypotheticalAnswer = (request: {
  question: string;
  signal: AbortSignal;
}) => Promise<string>;

export const hypotheticalAnswerSkipReasons = [
  'timeout',
  'model_error',
  'empty_answer',
  'search_error',
] as const;
export type HypotheticalAnswerSkipReason = (typeof hypotheticalAnswerSkipReasons)[number];

/** Why a search went on without a hypothetical answer (never the question or paper text). */
// A type, not an interface: it is passed to loggers that take any record of fields.
export type HypotheticalAnswerLogEntry = {
  level: 'info' | 'warn';
  message: string;
  reason: HypotheticalAnswerSkipReason;
  operation: 'search' | 'findInPaper';
  error?: string;
};

export interface HypotheticalAnswerSearchOptions {
  answerSearch: AnswerSearch;
  writeHypotheticalAnswer: WriteHypotheticalAnswer;
  /** Longest wait for the model, in milliseconds; then the question's own result is returned. */
  timeoutMs: number;
  log: (entry: HypotheticalAnswerLogEntry) => void;
  /** Longest hypothetical sentence searched with, in characters (cut at a word). Default 300. */
  maxAnswerCharacters?: number;
}

const defaultMaxAnswerCharacters = 300;
/** Below this much room in the query for the sentence, the model is not asked at all. */
const minAnswerCharacters = 20;

/** The question and the hypothetical sentence, as one query. */
export function expandedQuery(question: string, answer: string): string {
  return `${question.trim()} ${answer}`;
}

/**
 * The sentence to search with from a model's text: reasoning blocks, a label such as "Answer:",
 * surrounding quotes and line breaks removed; the first paragraph only; at most `maxCharacters`,
 * cut at a word. '' when nothing is left.
 */
export function cleanHypotheticalAnswer(text: string, maxCharacters: number): string {
  const withoutReasoning = text.replace(/<think>[\s\S]*?<\/think>/gi, ' ').trim();
  const firstParagraph = withoutReasoning.split(/\r?\n\s*\r?\n/)[0] ?? '';
  const sentence = firstParagraph
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:hypothetical\s+)?(?:answer|sentence)\s*:\s*/i, '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim();
  if (sentence.length <= maxCharacters) return sentence;
  const cut = sentence.slice(0, maxCharacters + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, maxCharacters)).trim();
}

/**
 * Fuses the question's own hits with the expanded query's by the max of each sentence's scores
 * (see the module comment), best first; ties keep the question's own order, then the expanded
 * order. As many hits as the longer list (both searches had the same limit). Hits are the same
 * sentence when `keyOf` says so (default: the same frame); answer search passes the sentence key,
 * so two copies of one sentence, one found by each search, are one hit.
 */
export function fuseByMaxScore<Hit extends { frameId: string; score: number }>(
  own: readonly Hit[],
  expanded: readonly Hit[],
  keyOf: (hit: Hit) => string = (hit) => hit.frameId,
): Hit[] {
  const fused = new Map<string, { hit: Hit; score: number }>();
  for (const hit of own) {
    const key = keyOf(hit);
    if (!fused.has(key)) fused.set(key, { hit, score: hit.score });
  }
  for (const hit of expanded) {
    const key = keyOf(hit);
    const known = fused.get(key);
    if (known === undefined) fused.set(key, { hit, score: hit.score });
    else known.score = Math.max(known.score, hit.score);
  }
  // Array.prototype.sort is stable: equal scores stay in insertion order.
  return [...fused.values()]
    .sort((first, second) => second.score - first.score)
    .slice(0, Math.max(own.length, expanded.length))
    .map((entry) => entry.hit);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An AnswerSearch that also searches with a hypothetical answer from a language model. */
export function withHypotheticalAnswers(options: HypotheticalAnswerSearchOptions): AnswerSearch {
  const { answerSearch, writeHypotheticalAnswer, timeoutMs, log } = options;
  const maxAnswerCharacters = options.maxAnswerCharacters ?? defaultMaxAnswerCharacters;

  /**
   * The cleaned sentence, or null (logged) when the model fails, times out or answers nothing.
   * `stop` aborts the model when the question's own search fails (nothing is logged then).
   */
  async function hypotheticalAnswer(request: {
    question: string;
    operation: HypotheticalAnswerLogEntry['operation'];
    stop: AbortSignal;
  }): Promise<string | null> {
    const { question, operation } = request;
    const room = answerSearch.settings.maxQueryCharacters - question.trim().length - 1;
    const maxCharacters = Math.min(maxAnswerCharacters, room);
    if (question.trim() === '' || maxCharacters < minAnswerCharacters) return null;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no hypothetical answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = () => controller.abort(new Error('the search failed'));
    request.stop.addEventListener('abort', stop, { once: true });
    // Settles when the signal aborts, so a model that ignores the signal is not waited for.
    const aborted = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    aborted.catch(() => undefined);
    try {
      const text = await Promise.race([
        writeHypotheticalAnswer({ question, signal: controller.signal }),
        aborted,
      ]);
      const answer = cleanHypotheticalAnswer(text, maxCharacters);
      if (answer === '') {
        log({
          level: 'info',
          message:
            'the language model wrote no hypothetical answer; searched with the question only',
          reason: 'empty_answer',
          operation,
        });
        return null;
      }
      return answer;
    } catch (error) {
      if (request.stop.aborted) return null;
      log({
        level: 'warn',
        message: timedOut
          ? 'the language model did not write a hypothetical answer in time; searched with the question only'
          : 'the language model failed to write a hypothetical answer; searched with the question only',
        reason: timedOut ? 'timeout' : 'model_error',
        operation,
        error: errorText(error),
      });
      return null;
    } finally {
      clearTimeout(timer);
      request.stop.removeEventListener('abort', stop);
      controller.abort();
    }
  }

  /**
   * The question's own search and the model at once; then, with a hypothetical answer, the
   * expanded search, fused. The own search's failure is the caller's error, as without the model.
   */
  async function searchBoth<
    Result extends { hits: Hit[] },
    Hit extends { frameId: string; score: number },
  >(request: {
    question: string;
    operation: HypotheticalAnswerLogEntry['operation'];
    run: (query: string) => Promise<Result>;
    /** When two hits are the same sentence (`fuseByMaxScore`). */
    keyOf?: (hit: Hit) => string;
  }): Promise<Result> {
    const searchFailed = new AbortController();
    const own = request.run(request.question);
    const answer = hypotheticalAnswer({
      question: request.question,
      operation: request.operation,
      stop: searchFailed.signal,
    });
    const [ownResult, hypothetical] = await Promise.all([
      own.catch((error: unknown) => {
        searchFailed.abort();
        throw error;
      }),
      answer,
    ]);
    if (hypothetical === null) return ownResult;
    let expandedResult: Result;
    try {
      expandedResult = await request.run(expandedQuery(request.question, hypothetical));
    } catch (error) {
      log({
        level: 'warn',
        message: 'the search with the hypothetical answer failed; searched with the question only',
        reason: 'search_error',
        operation: request.operation,
        error: errorText(error),
      });
      return ownResult;
    }
    return {
      ...ownResult,
      hits: fuseByMaxScore(ownResult.hits, expandedResult.hits, request.keyOf),
    };
  }

  return {
    backend: answerSearch.backend,
    get settings() {
      return answerSearch.settings;
    },
    search(searchOptions: AnswerSearchOptions): Promise<AnswerSearchResult> {
      return searchBoth<AnswerSearchResult, AnswerHit>({
        question: searchOptions.query,
        operation: 'search',
        run: (query) => answerSearch.search({ ...searchOptions, query }),
        keyOf: sameSentenceKey,
      });
    },
    findInPaper(findOptions: PaperFindQuery): Promise<FindInPaperResult> {
      if (findOptions.mode !== 'question') return answerSearch.findInPaper(findOptions);
      return searchBoth<FindInPaperResult, InPaperHit>({
        question: findOptions.query,
        operation: 'findInPaper',
        run: (query) => answerSearch.findInPaper({ ...findOptions, query }),
      });
    },
    suggest: (suggestOptions) => answerSearch.suggest(suggestOptions),
    faq: (faqOptions) => answerSearch.faq(faqOptions),
    paperTitles: () => answerSearch.paperTitles(),
    // Word look-ups need no hypothetical answer.
    ...(answerSearch.sentencesMatching
      ? { sentencesMatching: answerSearch.sentencesMatching.bind(answerSearch) }
      : {}),
    addQuestion: (question) => answerSearch.addQuestion(question),
    removeQuestion: (questionId) => answerSearch.removeQuestion(questionId),
  };
}

/**
 * Remembers the last `maxEntries` hypothetical answers by question (trimmed, case and spacing
 * folded), so a question asked again (the answer page, then the reader's find box; a Slack retry)
 * does not ask the model again. Only non-empty answers are kept; failures are asked again.
 */
export function cachedHypotheticalAnswers(options: {
  writeHypotheticalAnswer: WriteHypotheticalAnswer;
  maxEntries: number;
}): WriteHypotheticalAnswer {
  const { writeHypotheticalAnswer, maxEntries } = options;
  const answers = new Map<string, string>();
  return async (request) => {
    const key = request.question.trim().replace(/\s+/g, ' ').toLowerCase();
    const known = answers.get(key);
    if (known !== undefined) {
      // Most recently used last: the first key is the one to forget.
      answers.delete(key);
      answers.set(key, known);
      return known;
    }
    const answer = await writeHypotheticalAnswer(request);
    if (answer.trim() !== '' && maxEntries > 0) {
      answers.set(key, answer);
      if (answers.size > maxEntries) {
        const oldest = answers.keys().next();
        if (oldest.done !== true) answers.delete(oldest.value);
      }
    }
    return answer;
  };
}
