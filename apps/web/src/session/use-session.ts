/**
 * @module The browser's sign-in state (GET /api/session): whether it holds the session cookie and
 * what needs the API token on this server. Signing in or out tells every component at once.
 */
import { useCallback, useEffect, useState } from 'react';
import { getJson, requestJson } from '../shared/api';

export interface SessionState {
  signedIn: boolean;
  /** `writes`: reading is open; `all`: every page needs the token. */
  tokenRequiredFor: 'writes' | 'all';
}

const changeEvent = 'quarry:session';

export async function signIn(token: string): Promise<SessionState> {
  const state = await requestJson<SessionState>('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  window.dispatchEvent(new Event(changeEvent));
  return state;
}

export async function signOut(): Promise<void> {
  const response = await fetch('/api/session', { method: 'DELETE' });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  window.dispatchEvent(new Event(changeEvent));
}

/** null while the first answer is on its way. */
export function useSession(): SessionState | null {
  const [state, setState] = useState<SessionState | null>(null);
  const load = useCallback(() => {
    getJson<SessionState>('/api/session').then(setState, () =>
      setState({ signedIn: false, tokenRequiredFor: 'writes' }),
    );
  }, []);
  useEffect(() => {
    load();
    window.addEventListener(changeEvent, load);
    return () => window.removeEventListener(changeEvent, load);
  }, [load]);
  return state;
}
