import { describe, expect, it, vi } from 'vitest';
import type { AnswerHit } from '../answer-hit.js';
import type { InPaperHit } from '../find-in-paper.js';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import type { AnswerSearch } from './answer-search.js';
import {
  cachedHypotheticalAnswers,
  cleanHypotheticalAnswer,
  expandedQuery,
  fuseByMaxScore,
  withHypotheticalAnswers,
} from './hypothetical-answer-search.js';
import { sameSentenceKey } from '../same-sentence.js';
import type {
  HypotheticalAnswerLogEntry,
  WriteHypotheticalAnswer,
} from './hypothetical-answer-search.js';

const question = 'How fast is the detector?';
const hypothesis = 'The method processes twenty frames per second on one GPU.';
const expanded = expandedQuery(question, hypothesis);

/**
 * A hit with just what fusion reads (one sentence per frame, all of one paper), plus a marker of
 * the query that found it.
 */
function hit(frameId: string, score: number, foundBy: string): AnswerHit & InPaperHit {
  return {
    frameId,
    score,
    paperId: 'p1',
    paperTitle: 'Fast Detection',
    text: `Sentence ${frameId}.`,
    contextBefore: foundBy,
  } as AnswerHit & InPaperHit;
}

/** Results by query; an `Error` value makes that search fail. */
type Scripted = Record<string, { score: number; frameId: string; text?: string }[] | Error>;

function fakeSearch(script: Scripted) {
  const calls: { method: string; query: string }[] = [];
  const hitsFor = (method: string, query: string) => {
    calls.push({ method, query });
    const scripted = script[query];
    if (scripted === undefined) throw new Error(`unscripted query ${query}`);
    if (scripted instanceof Error) return Promise.reject(scripted);
    return Promise.resolve(
      scripted.map((entry) => ({
        ...hit(entry.frameId, entry.score, query),
        ...(entry.text === undefined ? {} : { text: entry.text }),
      })),
    );
  };
  const search: AnswerSearch = {
    backend: 'memory',
    settings: resolveFrameIndexSettings(),
    async search(options) {
      const hits = await hitsFor('search', options.query);
      // Fields beyond query and hits (some added by other features) are the question's own.
      const result = {
        query: options.query,
        hits,
        candidates: hits.length * 10,
        clearAnswer: options.query === question,
        confidence: `for ${options.query}`,
      };
      return result;
    },
    async findInPaper(options) {
      const hits = await hitsFor(`find-${options.mode}`, options.query);
      const result = {
        paperId: options.paperId,
        query: options.query,
        mode: options.mode,
        hits,
        clearAnswer: options.query === question,
      };
      return result;
    },
    suggest: () => Promise.resolve([{ text: 'suggested' }] as never),
    faq: () => Promise.resolve([]),
    paperTitles: () => Promise.resolve(new Map([['p1', 'A paper']])),
    addQuestion: () => Promise.resolve(),
    removeQuestion: () => Promise.resolve(),
  };
  return { search, calls };
}

const ownHits = [
  { frameId: 'related', score: 0.9 },
  { frameId: 'also-related', score: 0.6 },
  { frameId: 'both', score: 0.5 },
];
const expandedHits = [
  { frameId: 'target', score: 1.2 },
  { frameId: 'both', score: 0.8 },
  { frameId: 'related', score: 0.4 },
];

function setUp(options: {
  script?: Scripted;
  write?: WriteHypotheticalAnswer;
  timeoutMs?: number;
}) {
  const { search, calls } = fakeSearch(
    options.script ?? { [question]: ownHits, [expanded]: expandedHits },
  );
  const logs: HypotheticalAnswerLogEntry[] = [];
  const write = vi.fn(options.write ?? (() => Promise.resolve(hypothesis)));
  const wrapped = withHypotheticalAnswers({
    answerSearch: search,
    writeHypotheticalAnswer: write,
    timeoutMs: options.timeoutMs ?? 1_000,
    log: (entry) => logs.push(entry),
  });
  return { wrapped, calls, logs, write };
}

describe('fuseByMaxScore', () => {
  it('ranks by the higher of the two scores, keeping the question’s own hit for a shared sentence', () => {
    const own = ownHits.map((entry) => hit(entry.frameId, entry.score, 'own'));
    const other = expandedHits.map((entry) => hit(entry.frameId, entry.score, 'expanded'));
    const fused = fuseByMaxScore(own, other);
    expect(fused.map((entry) => entry.frameId)).toEqual(['target', 'related', 'both']);
    // Same objects as the searches returned; a shared sentence is the question's own hit.
    expect(fused[0]).toBe(other[0]);
    expect(fused[1]).toBe(own[0]);
    expect(fused[2]).toBe(own[2]);
  });

  it('keeps the question’s own order on ties, then the expanded order, and the longer list’s length', () => {
    const own = [hit('a', 0.5, 'own'), hit('b', 0.5, 'own')];
    const other = [hit('c', 0.5, 'expanded'), hit('a', 0.1, 'expanded'), hit('d', 0.2, 'expanded')];
    expect(fuseByMaxScore(own, other).map((entry) => entry.frameId)).toEqual(['a', 'b', 'c']);
    expect(fuseByMaxScore([], other).map((entry) => entry.frameId)).toEqual(['c', 'd', 'a']);
    expect(fuseByMaxScore(own, [])).toEqual(own);
  });

  it('fuses two copies of one sentence into one hit when given the sentence key', () => {
    const own = [hit('related', 0.9, 'own'), hit('both', 0.5, 'own')];
    // The same sentence in a second copy of the paper (another id, the same title).
    const copy = { ...hit('related-copy', 0.95, 'expanded'), paperId: 'p2', text: own[0]!.text };
    const other = [copy, hit('target', 0.7, 'expanded')];
    const fused = fuseByMaxScore(own, other, sameSentenceKey);
    expect(fused.map((entry) => entry.frameId)).toEqual(['related', 'target']);
    expect(fused[0]).toBe(own[0]);
    // By frame alone, the copy is a hit of its own.
    expect(fuseByMaxScore(own, other).map((entry) => entry.frameId)).toEqual([
      'related-copy',
      'related',
    ]);
  });
});

describe('cleanHypotheticalAnswer', () => {
  it('keeps one line of the first paragraph without reasoning, label or quotes', () => {
    expect(
      cleanHypotheticalAnswer(
        '<think>the user wants speed</think>\nAnswer: "It runs at\n20 FPS."\n\nI hope this helps.',
        300,
      ),
    ).toBe('It runs at 20 FPS.');
    expect(cleanHypotheticalAnswer('   \n ', 300)).toBe('');
  });

  it('cuts a long sentence at a word', () => {
    expect(cleanHypotheticalAnswer('one two three four', 12)).toBe('one two');
    expect(cleanHypotheticalAnswer('abcdefghijklmnop', 5)).toBe('abcde');
  });
});

describe('withHypotheticalAnswers', () => {
  it('searches with the question and with the question + hypothetical answer, and fuses them', async () => {
    const { wrapped, calls, logs, write } = setUp({});
    const result = await wrapped.search({ query: question, limit: 3 });
    expect(write).toHaveBeenCalledOnce();
    expect(write.mock.calls[0]?.[0].question).toBe(question);
    expect(calls).toEqual([
      { method: 'search', query: question },
      { method: 'search', query: `${question} ${hypothesis}` },
    ]);
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['target', 'related', 'both']);
    expect(result.hits[0]?.contextBefore).toBe(expanded);
    expect(result.hits[1]?.contextBefore).toBe(question);
    // Every other field is the question's own result's, including ones this module does not know.
    expect(result).toMatchObject({
      query: question,
      candidates: 30,
      clearAnswer: true,
      confidence: `for ${question}`,
    });
    expect(logs).toEqual([]);
  });

  it('lists a sentence once when each search finds another copy of it', async () => {
    const { wrapped } = setUp({
      script: {
        [question]: [
          { frameId: 'related', score: 0.9 },
          { frameId: 'both', score: 0.5 },
        ],
        // The paper states the related sentence twice: another frame, the same words.
        [expanded]: [
          { frameId: 'related-again', score: 0.95, text: 'Sentence related.' },
          { frameId: 'target', score: 0.7 },
        ],
      },
    });
    const result = await wrapped.search({ query: question, limit: 2 });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['related', 'target']);
  });

  it('does the same for question-mode find in a paper, and passes text mode through', async () => {
    const { wrapped, calls, write } = setUp({
      script: { [question]: ownHits, [expanded]: expandedHits, detector: ownHits },
    });
    const found = await wrapped.findInPaper({ paperId: 'p1', query: question, mode: 'question' });
    expect(found.hits.map((entry) => entry.frameId)).toEqual(['target', 'related', 'both']);
    expect(found).toMatchObject({
      paperId: 'p1',
      query: question,
      mode: 'question',
      clearAnswer: true,
    });
    const text = await wrapped.findInPaper({ paperId: 'p1', query: 'detector', mode: 'text' });
    expect(text.hits.map((entry) => entry.frameId)).toEqual(['related', 'also-related', 'both']);
    expect(write).toHaveBeenCalledOnce();
    expect(calls.map((call) => call.method)).toEqual([
      'find-question',
      'find-question',
      'find-text',
    ]);
  });

  it('returns the question’s own result when the model does not answer in time', async () => {
    let signal: AbortSignal | undefined;
    const { wrapped, calls, logs } = setUp({
      timeoutMs: 50,
      // Ignores the signal: the search must not wait for it anyway.
      write: (request) => {
        signal = request.signal;
        return new Promise<string>(() => undefined);
      },
    });
    const startedAt = Date.now();
    const result = await wrapped.search({ query: question });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['related', 'also-related', 'both']);
    expect(calls).toHaveLength(1);
    expect(signal?.aborted).toBe(true);
    expect(logs).toMatchObject([{ level: 'warn', reason: 'timeout', operation: 'search' }]);
  });

  it('returns the question’s own result when the model fails, and logs why', async () => {
    const { wrapped, calls, logs } = setUp({
      write: () => Promise.reject(new Error('401 unauthorized')),
    });
    const result = await wrapped.findInPaper({ paperId: 'p1', query: question, mode: 'question' });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['related', 'also-related', 'both']);
    expect(calls).toHaveLength(1);
    expect(logs).toMatchObject([
      { level: 'warn', reason: 'model_error', operation: 'findInPaper', error: '401 unauthorized' },
    ]);
    // The question never appears in a log entry.
    expect(JSON.stringify(logs)).not.toContain('detector');
  });

  it('returns the question’s own result when the model writes nothing', async () => {
    const { wrapped, calls, logs } = setUp({ write: () => Promise.resolve(' \n "" ') });
    const result = await wrapped.search({ query: question });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['related', 'also-related', 'both']);
    expect(calls).toHaveLength(1);
    expect(logs).toMatchObject([{ level: 'info', reason: 'empty_answer' }]);
  });

  it('returns the question’s own result when the search with the answer fails', async () => {
    const { wrapped, logs } = setUp({
      script: { [question]: ownHits, [expanded]: new Error('statement timeout') },
    });
    const result = await wrapped.search({ query: question });
    expect(result.hits.map((entry) => entry.frameId)).toEqual(['related', 'also-related', 'both']);
    expect(logs).toMatchObject([{ reason: 'search_error', error: 'statement timeout' }]);
  });

  it('fails as the plain search does, stopping the model and logging nothing', async () => {
    let signal: AbortSignal | undefined;
    const { wrapped, logs } = setUp({
      script: { [question]: new Error('the paper is not in the answer index') },
      write: (request) => {
        signal = request.signal;
        return new Promise<string>(() => undefined);
      },
    });
    await expect(
      wrapped.findInPaper({ paperId: 'gone', query: question, mode: 'question' }),
    ).rejects.toThrow('the paper is not in the answer index');
    await vi.waitFor(() => expect(signal?.aborted).toBe(true));
    expect(logs).toEqual([]);
  });

  it('fits the answer into the longest query the index accepts, and asks nothing without room', async () => {
    const { search } = fakeSearch({});
    const maxQueryCharacters = search.settings.maxQueryCharacters;
    const write = vi.fn(() => Promise.resolve('word '.repeat(400)));
    const wrapped = withHypotheticalAnswers({
      answerSearch: search,
      writeHypotheticalAnswer: write,
      timeoutMs: 1_000,
      log: () => undefined,
      maxAnswerCharacters: 10_000,
    });
    const long = `${'q'.repeat(maxQueryCharacters - 100)}?`;
    search.search = (options) => {
      const result = { query: options.query, hits: [], candidates: 0, clearAnswer: false };
      return Promise.resolve(result);
    };
    const searchSpy = vi.spyOn(search, 'search');
    await wrapped.search({ query: long });
    const expandedCall = searchSpy.mock.calls[1]?.[0].query ?? '';
    expect(expandedCall.startsWith(long)).toBe(true);
    expect(expandedCall.length).toBeLessThanOrEqual(maxQueryCharacters);
    const full = 'q'.repeat(maxQueryCharacters - 5);
    await wrapped.search({ query: full });
    expect(write).toHaveBeenCalledOnce();
    expect(searchSpy.mock.calls.map((call) => call[0].query)).toEqual([long, expandedCall, full]);
  });

  it('passes every other method through', async () => {
    const { wrapped, write } = setUp({});
    expect(wrapped.backend).toBe('memory');
    expect(wrapped.settings.maxQueryCharacters).toBeGreaterThan(0);
    expect(await wrapped.suggest({ query: 'how' })).toEqual([{ text: 'suggested' }]);
    expect(await wrapped.paperTitles()).toEqual(new Map([['p1', 'A paper']]));
    expect(write).not.toHaveBeenCalled();
  });
});

describe('cachedHypotheticalAnswers', () => {
  it('asks the model once per question, keeps only answers, and forgets the least recent', async () => {
    const answers = ['', 'first', 'second', 'third', 'fourth'];
    const write = vi.fn(() => Promise.resolve(answers.shift() ?? 'none'));
    const cached = cachedHypotheticalAnswers({ writeHypotheticalAnswer: write, maxEntries: 2 });
    const signal = new AbortController().signal;
    const ask = (text: string) => cached({ question: text, signal });
    expect(await ask('a?')).toBe('');
    expect(await ask('a?')).toBe('first');
    expect(await ask('  A? ')).toBe('first');
    expect(await ask('b?')).toBe('second');
    expect(await ask('a?')).toBe('first');
    expect(await ask('c?')).toBe('third');
    // b was the least recently used of a and b.
    expect(await ask('b?')).toBe('fourth');
    expect(await ask('a?')).toBe('none');
    expect(write).toHaveBeenCalledTimes(6);
  });
});
