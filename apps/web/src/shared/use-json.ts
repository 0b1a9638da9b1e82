/**
 * @module Fetches JSON for a page whenever its URL changes, with loading and error states; a newer
 * request aborts the older one so results never arrive out of order.
 */
import { useEffect, useState } from 'react';
import { errorMessage, getJson } from './api';

export interface JsonState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

export function useJson<T>(path: string | null): JsonState<T> {
  const [state, setState] = useState<JsonState<T>>({ data: null, error: null, loading: !!path });
  useEffect(() => {
    if (!path) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    getJson<T>(path, controller.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ data: null, error: errorMessage(error), loading: false });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}
