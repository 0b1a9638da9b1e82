/**
 * @module Sign in (`/sign-in`): the server's API token, typed once, becomes an HttpOnly session
 * cookie. A link `…/sign-in#token=…` (printed by `quarry serve` on its terminal) signs in at once;
 * the token is in the fragment, so it never reaches a server log. `?next=` says where to go after.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../shared/api';
import { navigate } from '../shared/router';
import { ErrorMessage } from '../shared/status-message';
import { signIn, signOut, useSession } from './use-session';

function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  // Only paths of this app: never another site.
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage() {
  const session = useSession();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);

  const submit = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await signIn(value);
      navigate(nextPath(), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const fromLink = /(?:^#|&)token=([^&]+)/.exec(window.location.hash)?.[1];
    if (!fromLink || tried.current) return;
    tried.current = true;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    void submit(decodeURIComponent(fromLink));
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) void submit(token.trim());
  };

  if (session?.signedIn) {
    return (
      <div className="sign-in-page">
        <h1>Signed in</h1>
        <p>This browser may add papers and annotations.</p>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    );
  }
  return (
    <div className="sign-in-page">
      <h1>Sign in to Quarry</h1>
      <p>
        {session?.tokenRequiredFor === 'all'
          ? 'This Quarry server is shared: every page needs its API token.'
          : 'Reading is open; adding papers and annotations needs the API token.'}{' '}
        The token is the server’s <code>QUARRY_API_TOKEN</code>, or the one in{' '}
        <code>.quarry/api-token</code> where <code>quarry serve</code> runs. You type it once; this
        browser then keeps a sign-in cookie.
      </p>
      <form className="card" onSubmit={onSubmit}>
        <label htmlFor="api-token">API token</label>
        <input
          id="api-token"
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" disabled={busy || token.trim() === ''}>
          Sign in
        </button>
      </form>
      <ErrorMessage error={error} />
    </div>
  );
}
