/**
 * @module The papers library (`/papers?q=…&offset=…`): every paper with its title, year, source,
 * sentence count and date added; search by title; paging; open in the reader; delete (asks to
 * confirm; needs the API token). With no papers it says how to add some.
 */
import { useState } from 'react';
import { withQuery } from '../shared/api';
import type { PaperSummary } from '../shared/api-types';
import { useSession } from '../session/use-session';
import { Link, navigate, paperHref, useLocation } from '../shared/router';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { DeletePaperButton } from './delete-paper-button';
import { HowToAddPapers } from './how-to-add-papers';
import { addedDate, sourceLabel } from './paper-library-types';
import type { PaperLibraryPage } from './paper-library-types';
import './papers-page.css';

/** Papers per page (the server's QUARRY_MAX_PAPERS_PER_PAGE is at least this by default). */
export const papersPageSize = 50;

export function PapersPage() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const query = params.get('q') ?? '';
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const [deleted, setDeleted] = useState<PaperSummary[]>([]);
  const library = useJson<PaperLibraryPage>(
    withQuery('/api/papers', {
      q: query.trim(),
      offset,
      limit: papersPageSize,
      v: deleted.length || undefined,
    }),
  );
  const session = useSession();
  const signedOut = session !== null && !session.signedIn;

  const go = (next: { q?: string; offset?: number }, replace = false) => {
    const q = next.q ?? query;
    const nextOffset = next.offset ?? 0;
    navigate(withQuery('/papers', { q, offset: nextOffset || undefined }), { replace });
  };
  const total = library.data?.total ?? 0;
  const lastDeleted = deleted[deleted.length - 1];

  return (
    <div className="papers-page">
      <div className="papers-heading">
        <h1>Papers</h1>
        <Link href="/upload">Add a paper</Link>
      </div>
      {signedOut && (library.data?.total ?? 0) > 0 ? (
        <p className="card">
          Deleting papers needs the server’s API token.{' '}
          <Link href={`/sign-in?next=${encodeURIComponent('/papers')}`}>Sign in</Link> first.
        </p>
      ) : null}
      <form role="search" aria-label="Search papers" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="paper-title-search">Title contains</label>{' '}
        <input
          id="paper-title-search"
          type="search"
          value={query}
          placeholder="e.g. segmentation"
          onChange={(event) => go({ q: event.target.value }, true)}
        />
      </form>
      {lastDeleted ? (
        <p role="status" className="muted">
          Deleted “{lastDeleted.title}”.
        </p>
      ) : null}
      <ErrorMessage error={library.error} />
      {library.loading && !library.data ? <Loading what="papers" /> : null}
      {library.data && total === 0 && query.trim() === '' ? (
        <div className="card empty-library">
          <p>
            There are no papers in Quarry yet. Answers, in-paper search and citations need some:
          </p>
          <HowToAddPapers />
        </div>
      ) : null}
      {library.data && total === 0 && query.trim() !== '' ? (
        <p>
          No paper title contains “{query.trim()}”. <Link href="/papers">Show every paper</Link>
        </p>
      ) : null}
      {library.data && total > 0 ? (
        <>
          <p role="status">
            {total} paper{total === 1 ? '' : 's'}
            {query.trim() ? ` with “${query.trim()}” in the title` : ''}
          </p>
          <ul className="paper-library">
            {library.data.papers.map((paper) => (
              <li key={paper.id} className="card">
                <h2>
                  <Link href={paperHref(paper.id)}>{paper.title}</Link>
                </h2>
                <p className="facts">
                  {[
                    paper.year ?? null,
                    sourceLabel(paper.source),
                    `${paper.frames} sentence${paper.frames === 1 ? '' : 's'}`,
                    `added ${addedDate(paper.addedAt)}`,
                  ]
                    .filter((fact) => fact !== null)
                    .join(' · ')}
                </p>
                <DeletePaperButton
                  paper={paper}
                  disabled={signedOut}
                  onDeleted={(gone) => setDeleted((previous) => [...previous, gone])}
                />
              </li>
            ))}
          </ul>
          {total > papersPageSize ? (
            <nav className="pager" aria-label="Pages">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => go({ offset: Math.max(0, offset - papersPageSize) })}
              >
                Previous page
              </button>
              <span>
                {offset + 1}–{Math.min(total, offset + papersPageSize)} of {total}
              </span>
              <button
                type="button"
                disabled={offset + papersPageSize >= total}
                onClick={() => go({ offset: offset + papersPageSize })}
              >
                Next page
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
