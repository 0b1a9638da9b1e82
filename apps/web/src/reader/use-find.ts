/**
 * @module The state of the in-paper find box: the query and mode, the hits from
 * GET /api/papers/:id/find (rank order for questions, reading order for text), and which hit is
 * current. A new query waits `findDelayMs` after the last keystroke. The first results can land on
 * a given sentence (the `#s-N` of an opened link) instead of the first hit.
 */
import { useEffect, useRef, useState } from 'react';
import { errorMessage, getJson, withQuery } from '../shared/api';
import type { FindHit, FindResult } from '../shared/api-types';

export type FindMode = 'question' | 'text';

/** Milliseconds after the last keystroke before the paper is searched. */
export const findDelayMs = 250;
/**
 * While a just-uploaded paper is matched by its words only, the question is asked again after
 * this many milliseconds (at most `wordsOnlyRetries` times), so the answers improve by themselves
 * once the paper's vectors are in.
 */
export const wordsOnlyRetryMs = 3000;
export const wordsOnlyRetries = 10;
/** Answering sentences shown for a question; exact text shows every match. */
export const questionHitLimit = 5;

export interface FindState {
  hits: FindHit[];
  /** False when no hit clearly answers the question: the hits are only the closest sentences. */
  clearAnswer: boolean;
  /** True while the paper is still being read for meaning (just uploaded): words only match. */
  wordsOnly: boolean;
  current: number;
  error: string | null;
  searching: boolean;
  next: () => void;
  previous: () => void;
  /** Makes the hit at `index` (in `hits`) the current one. */
  select: (index: number) => void;
}

export function useFind(options: {
  paperId: string;
  query: string;
  mode: FindMode;
  /** The sentence the first results start at when it is among them (once). */
  landOnSentence?: number | null;
}): FindState {
  const [hits, setHits] = useState<FindHit[]>([]);
  const [clearAnswer, setClearAnswer] = useState(true);
  const [wordsOnly, setWordsOnly] = useState(false);
  /** How many times the current question was asked again while words only matched. */
  const [retry, setRetry] = useState(0);
  const [current, setCurrent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const { paperId, query, mode } = options;
  const landing = useRef(options.landOnSentence ?? null);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === '') {
      setHits([]);
      setError(null);
      return;
    }
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      // Asking again in the background: the count and the current hit stay until it answers.
      if (retry === 0) setSearching(true);
      const path = withQuery(`/api/papers/${encodeURIComponent(paperId)}/find`, {
        q: trimmed,
        mode,
        limit: mode === 'question' ? questionHitLimit : undefined,
      });
      getJson<FindResult>(path, controller.signal).then(
        (result) => {
          const sentence = landing.current;
          landing.current = null;
          const landed = result.hits.findIndex((hit) => hit.sentenceIndex === sentence);
          setHits(result.hits);
          setClearAnswer(result.clearAnswer);
          setWordsOnly(result.wordsOnly === true);
          if (result.wordsOnly === true && retry < wordsOnlyRetries) {
            again = setTimeout(() => setRetry(retry + 1), wordsOnlyRetryMs);
          }
          setCurrent((previous) =>
            retry > 0
              ? Math.max(0, Math.min(previous, result.hits.length - 1))
              : Math.max(0, landed),
          );
          setError(null);
          setSearching(false);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setHits([]);
          setError(errorMessage(failure));
          setSearching(false);
        },
      );
    }, findDelayMs);
    return () => {
      clearTimeout(timer);
      clearTimeout(again);
      controller.abort();
    };
  }, [paperId, query, mode, retry]);

  // A new question starts with a fresh count of retries.
  useEffect(() => setRetry(0), [paperId, query, mode]);

  const step = (by: number) => {
    if (hits.length === 0) return;
    setCurrent((index) => (index + by + hits.length) % hits.length);
  };
  const select = (index: number) => {
    if (index >= 0 && index < hits.length) setCurrent(index);
  };
  return {
    hits,
    clearAnswer,
    wordsOnly,
    current,
    error,
    searching,
    next: () => step(1),
    previous: () => step(-1),
    select,
  };
}
