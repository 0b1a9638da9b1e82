/**
 * @module Deleting one paper from the library: asks to confirm in place (naming what goes with
 * it), then DELETE /api/papers/:id; the server's message is shown when it refuses.
 */
import { useState } from 'react';
import { errorMessage, requestJson } from '../shared/api';
import type { PaperSummary } from '../shared/api-types';

export function DeletePaperButton(props: {
  paper: PaperSummary;
  disabled: boolean;
  onDeleted: (paper: PaperSummary) => void;
}) {
  const { paper } = props;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestJson(`/api/papers/${encodeURIComponent(paper.id)}`, { method: 'DELETE' });
      props.onDeleted(paper);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  if (!confirming) {
    return (
      <button
        type="button"
        className="secondary"
        disabled={props.disabled}
        aria-label={`Delete ${paper.title}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
    );
  }
  return (
    <div className="confirm-delete" role="group" aria-label={`Confirm deleting ${paper.title}`}>
      <p>
        Delete “{paper.title}”? Its {paper.frames} sentences, their questions and annotations go
        too.
      </p>
      <button type="button" disabled={busy} onClick={() => void remove()}>
        Delete for good
      </button>{' '}
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => setConfirming(false)}
      >
        Keep it
      </button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
