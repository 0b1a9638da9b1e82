/**
 * @module What the reader shows when a paper cannot be opened (deleted, a mistyped link, the server
 * unreachable): the reason, and where to go next — the papers library or adding a paper.
 */
import { Link } from '../shared/router';

export function PaperUnavailable({ error }: { error: string }) {
  return (
    <div>
      <h1>Cannot open this paper</h1>
      <p className="error" role="alert">
        {error}
      </p>
      <p>
        <Link href="/papers">See the papers Quarry holds</Link>, or{' '}
        <Link href="/upload">add a paper</Link>.
      </p>
    </div>
  );
}
