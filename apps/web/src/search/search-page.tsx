/**
 * @module Answer search (`/search?q=…`): one box with autocomplete from generated questions
 * (GET /api/suggest), results as the answering sentence highlighted in its context with the paper
 * title and "View in document", and "You may also want to know" questions about the top answer.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { withQuery } from '../shared/api';
import type { AnswerHit, Suggestion } from '../shared/api-types';
import { Link, navigate, paperHref, useLocation } from '../shared/router';
import { ErrorMessage, Loading } from '../shared/status-message';
import { useJson } from '../shared/use-json';
import { sentenceKindLabel } from '../shared/sentence-kind';
import { HowToAddPapers } from '../papers/how-to-add-papers';

/** Milliseconds after the last keystroke before suggestions are fetched. */
export const suggestDelayMs = 150;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function AnswerText({ hit }: { hit: AnswerHit }) {
  const span = hit.answerSpan;
  const sentence = span ? (
    <>
      {hit.text.slice(0, span.start)}
      <mark>{hit.text.slice(span.start, span.end)}</mark>
      {hit.text.slice(span.end)}
    </>
  ) : (
    hit.text
  );
  return (
    <p className="answer-context">
      {hit.contextBefore ? <span className="muted">{hit.contextBefore} </span> : null}
      <strong className="answer-sentence">{sentence}</strong>
      {hit.contextAfter ? <span className="muted"> {hit.contextAfter}</span> : null}
    </p>
  );
}

export function SearchPage() {
  const location = useLocation();
  const submitted = new URLSearchParams(location.search).get('q') ?? '';
  const [draft, setDraft] = useState(submitted);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const typed = useDebounced(draft.trim(), suggestDelayMs);
  const suggestions = useJson<{ suggestions: Suggestion[] }>(
    showSuggestions && typed.length >= 2 ? withQuery('/api/suggest', { q: typed, limit: 6 }) : null,
  );
  const results = useJson<{ hits: AnswerHit[] }>(
    submitted ? withQuery('/api/answers/search', { q: submitted, limit: 10 }) : null,
  );
  const health = useJson<{ papers: number }>(submitted ? '/api/health' : null);
  const noPapers = health.data?.papers === 0;
  const top = results.data?.hits[0];
  const faq = useJson<{ questions: Suggestion[] }>(
    top ? withQuery('/api/suggest/faq', { frame: top.frameId, limit: 5 }) : null,
  );

  useEffect(() => setDraft(submitted), [submitted]);

  const search = (text: string) => {
    setShowSuggestions(false);
    if (text.trim() !== '') navigate(withQuery('/search', { q: text.trim() }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };
  const options = suggestions.data?.suggestions ?? [];

  return (
    <div className="search-page">
      <h1>Ask the papers</h1>
      <form role="search" className="search-box" onSubmit={submit}>
        <label htmlFor="answer-query" className="visually-hidden">
          Question
        </label>
        <input
          id="answer-query"
          type="search"
          value={draft}
          autoComplete="off"
          role="combobox"
          aria-expanded={showSuggestions && options.length > 0}
          aria-controls="answer-suggestions"
          aria-autocomplete="list"
          placeholder="e.g. What learning rate is used for fine-tuning?"
          onChange={(event) => {
            setDraft(event.target.value);
            setShowSuggestions(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setShowSuggestions(false);
          }}
        />
        <button type="submit">Search</button>
        {showSuggestions && options.length > 0 ? (
          <ul
            id="answer-suggestions"
            role="listbox"
            className="suggestions"
            aria-label="Suggested questions"
          >
            {options.map((suggestion) => (
              <li key={suggestion.questionId} role="option" aria-selected={false}>
                <button type="button" onClick={() => search(suggestion.text)}>
                  {suggestion.text}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </form>
      <ErrorMessage error={results.error} />
      {results.loading ? <Loading what="answers" /> : null}
      {results.data ? (
        results.data.hits.length === 0 ? (
          noPapers ? (
            <div className="card">
              <p>There are no papers in Quarry yet, so there is nothing to answer from.</p>
              <HowToAddPapers />
            </div>
          ) : (
            <p>
              No sentence answers that yet. Try other words, or{' '}
              <Link href="/papers">see which papers Quarry holds</Link>.
            </p>
          )
        ) : (
          <ol className="answers">
            {results.data.hits.map((hit) => (
              <li key={hit.frameId} className="card">
                <AnswerText hit={hit} />
                <p className="muted">
                  {hit.paperTitle}
                  {hit.sectionTitle ? ` · ${hit.sectionTitle}` : ''}
                  {sentenceKindLabel(hit.sectionKind)
                    ? ` · ${sentenceKindLabel(hit.sectionKind)}`
                    : ''}{' '}
                  ·{' '}
                  <Link
                    href={paperHref(hit.paperId, { sentence: hit.sentenceIndex, query: submitted })}
                  >
                    View in document
                  </Link>
                </p>
              </li>
            ))}
          </ol>
        )
      ) : null}
      {faq.data && faq.data.questions.length > 0 ? (
        <aside className="faq" aria-label="You may also want to know">
          <h2>You may also want to know</h2>
          <ul>
            {faq.data.questions.map((question) => (
              <li key={question.questionId}>
                <Link href={withQuery('/search', { q: question.text })}>{question.text}</Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </div>
  );
}
