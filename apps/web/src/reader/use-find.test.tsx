// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FindHit } from '../shared/api-types';
import { findDelayMs, useFind, wordsOnlyRetries, wordsOnlyRetryMs } from './use-find';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const hit = (sentenceIndex: number): FindHit => ({
  frameId: `f${sentenceIndex}`,
  sentenceIndex,
  sourceIndex: null,
  sectionIndex: 0,
  sectionTitle: 'Results',
  sectionKind: 'body',
  sectionRole: 'results',
  text: `Sentence ${sentenceIndex}.`,
  charStart: 0,
  charEnd: 10,
  contextBefore: '',
  contextAfter: '',
  score: 1,
  cosine: 0,
  lexical: 1,
  questionLexical: 0,
  wordMatch: 0,
  matchedQuestion: null,
  highlight: null,
});

/** A server whose answers are given in turn (the last one repeats), counting the requests. */
function serverAnswering(answers: { hits: FindHit[]; wordsOnly?: boolean }[]) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      requests.push(path);
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
      const body = { paperId: 'p', query: 'q', mode: 'question', clearAnswer: true, ...answer };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return requests;
}

/** Moves the fake clock in small steps, letting React render and run effects between them. */
async function advance(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 50) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
  }
}

describe('useFind', () => {
  it('asks again while a just-uploaded paper matches by words only, then stops', async () => {
    vi.useFakeTimers();
    const requests = serverAnswering([
      { hits: [hit(1), hit(2)], wordsOnly: true },
      { hits: [hit(7), hit(1)] },
    ]);
    const { result } = renderHook(() =>
      useFind({ paperId: 'p', query: 'what F1 does it reach?', mode: 'question' }),
    );
    await advance(findDelayMs);
    expect(requests).toHaveLength(1);
    expect(result.current.wordsOnly).toBe(true);
    expect(result.current.hits.map((found) => found.sentenceIndex)).toEqual([1, 2]);

    await advance(wordsOnlyRetryMs + 2 * findDelayMs);
    expect(requests).toHaveLength(2);
    expect(result.current.wordsOnly).toBe(false);
    expect(result.current.hits.map((found) => found.sentenceIndex)).toEqual([7, 1]);
    // Answered by meaning: no more asking.
    await advance(5 * wordsOnlyRetryMs);
    expect(requests).toHaveLength(2);
  });

  it(`asks again at most ${wordsOnlyRetries} times`, async () => {
    vi.useFakeTimers();
    const requests = serverAnswering([{ hits: [hit(1)], wordsOnly: true }]);
    renderHook(() => useFind({ paperId: 'p', query: 'how many images?', mode: 'question' }));
    await advance((wordsOnlyRetries + 3) * (wordsOnlyRetryMs + findDelayMs));
    expect(requests).toHaveLength(1 + wordsOnlyRetries);
  });
});
