/**
 * @module The natural-language Ctrl+F box: type a question (or switch to exact text), see "n of m",
 * move with Enter / Shift+Enter or the buttons. When no sentence clearly answers a question, it
 * says so and the hits are offered as related sentences instead of answers.
 */
import type { FindMode, FindState } from './use-find';

export function FindBar(props: {
  query: string;
  mode: FindMode;
  find: FindState;
  onQuery: (query: string) => void;
  onMode: (mode: FindMode) => void;
}) {
  const { find } = props;
  const counted =
    props.query.trim() === ''
      ? ''
      : find.searching
        ? 'searching…'
        : find.hits.length === 0
          ? 'no matches'
          : props.mode === 'question' && !find.clearAnswer
            ? `no sentence clearly answers this · related ${find.current + 1} of ${find.hits.length}`
            : `${find.current + 1} of ${find.hits.length}`;
  // Just after an upload the paper's meaning is still being read: say why answers may be rough.
  const count =
    counted !== '' && !find.searching && props.mode === 'question' && find.wordsOnly
      ? `${counted} · matching words only while this paper is being read`
      : counted;
  return (
    <div role="search" className="find-bar" aria-label="Find in this paper">
      <label htmlFor="find-input" className="visually-hidden">
        {props.mode === 'question' ? 'Ask this paper a question' : 'Find exact text'}
      </label>
      <input
        id="find-input"
        type="search"
        value={props.query}
        placeholder={
          props.mode === 'question' ? 'Ask this paper… e.g. what learning rate?' : 'Find text'
        }
        onChange={(event) => props.onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (event.shiftKey) find.previous();
          else find.next();
        }}
      />
      <div className="find-modes" role="radiogroup" aria-label="Find mode">
        {(['question', 'text'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="find-mode"
              value={mode}
              checked={props.mode === mode}
              onChange={() => props.onMode(mode)}
            />
            {mode === 'question' ? 'Question' : 'Exact text'}
          </label>
        ))}
      </div>
      <span className="find-count" role="status" aria-live="polite">
        {count}
      </span>
      <button
        type="button"
        onClick={find.previous}
        disabled={find.hits.length === 0}
        aria-label="Previous match"
      >
        ↑
      </button>
      <button
        type="button"
        onClick={find.next}
        disabled={find.hits.length === 0}
        aria-label="Next match"
      >
        ↓
      </button>
      {find.error ? (
        <p className="error" role="alert">
          {find.error}
        </p>
      ) : null}
    </div>
  );
}
