/**
 * @module Upload (`/upload`): add a PDF, S2ORC/doc2json or QASPER JSON, or text paper with a
 * progress indicator (sending, then reading and indexing); it is searchable when the link appears.
 * Says how many papers Quarry holds and links to the papers library (`/papers`) for all of them.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../shared/api';
import { useSession } from '../session/use-session';
import { Link, paperHref } from '../shared/router';
import { ErrorMessage } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { uploadPaper } from './upload-file';
import type { UploadedPapers } from './upload-file';

type Phase = { kind: 'idle' } | { kind: 'sending'; fraction: number } | { kind: 'indexing' };

export function UploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<UploadedPapers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const papers = useJson<{ total: number }>(`/api/papers?limit=1&v=${result?.papers[0]?.id ?? ''}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setResult(null);
    setPhase({ kind: 'sending', fraction: 0 });
    try {
      const uploaded = await uploadPaper(file, (fraction) =>
        setPhase(fraction >= 1 ? { kind: 'indexing' } : { kind: 'sending', fraction }),
      );
      setResult(uploaded);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPhase({ kind: 'idle' });
    }
  };
  const busy = phase.kind !== 'idle';
  const session = useSession();

  return (
    <div className="upload-page">
      <h1>Add a paper</h1>
      {session && !session.signedIn ? (
        <p className="card">
          Adding papers needs the server’s API token.{' '}
          <Link href="/sign-in?next=/upload">Sign in</Link> first.
        </p>
      ) : null}
      <form className="card" onSubmit={(event) => void submit(event)}>
        <label htmlFor="paper-file">PDF, S2ORC / doc2json or QASPER JSON, or plain text</label>
        <input
          id="paper-file"
          type="file"
          accept=".pdf,.json,.txt,application/pdf,application/json,text/plain"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button type="submit" disabled={!file || busy}>
          Upload
        </button>
        {phase.kind === 'sending' ? (
          <label className="progress">
            Sending
            <progress max={1} value={phase.fraction} />
          </label>
        ) : null}
        {phase.kind === 'indexing' ? (
          <label className="progress">
            Reading and indexing the paper…
            <progress />
          </label>
        ) : null}
      </form>
      <ErrorMessage error={error} />
      {result ? (
        <div role="status" className="card">
          <p>Added and searchable:</p>
          <ul>
            {result.papers.map((paper) => (
              <li key={paper.id}>
                <Link href={paperHref(paper.id)}>{paper.title || paper.id}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h2>Papers in Quarry</h2>
      <ErrorMessage error={papers.error} />
      {papers.data && papers.data.total > 0 ? (
        <p>
          Quarry holds {papers.data.total} paper{papers.data.total === 1 ? '' : 's'}:{' '}
          <Link href="/papers">browse, search and delete them in the papers library</Link>.
        </p>
      ) : papers.data ? (
        <>
          <p className="muted">No papers yet. Upload one above, or from a terminal:</p>
          <ul className="muted">
            <li>
              <code>npx quarry ingest papers DIR</code> (works while the server runs)
            </li>
            <li>
              <code>npx quarry pull arxiv 1706.03762</code> (with the server stopped, on the
              embedded database)
            </li>
          </ul>
        </>
      ) : null}
    </div>
  );
}
