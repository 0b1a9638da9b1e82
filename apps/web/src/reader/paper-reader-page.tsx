/**
 * @module The paper reader (`/papers/:id?q=…#s-12`): a paper whose PDF was kept is shown as
 * printed (pdf/pdf-view.tsx, loaded on demand), with the text view one toggle away (`?view=text`);
 * on a phone-width screen it opens as text instead (opening-view.ts) unless `?view=pdf` asks for the
 * PDF; other papers by sections as text, each sentence a `#s-N` anchor. The find box highlights the
 * answering sentences in rank order and scrolls to the current one, in either view, and the
 * address follows it (`?q=…#s-N`, so a link opens at that hit); a `#s-N` deep link scrolls to and
 * marks that sentence; Ctrl+F and `/` focus the find box; selecting text opens a form beside it to
 * add a question about it.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import type { PaperSentence, PaperView } from '../shared/api-types';
import { getBytes } from '../shared/api';
import { navigate, useLocation } from '../shared/router';
import { Loading } from '../shared/status-message';
import { PaperUnavailable } from '../papers/paper-unavailable';
import { useJson } from '../shared/use-json';
import { AnnotateSelection, selectionInPaper } from './annotate-selection';
import type { TextSelection } from './annotate-selection';
import { FindBar } from './find-bar';
import { PaperTable } from './paper-table';
import { SentenceText } from './sentence-text';
import type { SentenceMark } from './sentence-text';
import { useFind } from './use-find';
import { useFindShortcuts } from './use-find-shortcuts';
import type { FindMode } from './use-find';
import { ReaderViewToggle } from './reader-view-toggle';
import type { ReaderView } from './reader-view-toggle';
import { openingView, requestedView } from './opening-view';

const PdfView = lazy(() => import('./pdf/pdf-view'));
const noTables: NonNullable<PaperView['tables']> = [];

/** A performance mark set when the first PDF page is on screen (read by the end-to-end timing). */
export const firstPdfPageMark = 'quarry-pdf-first-page';

/**
 * The address's search part with `q` (dropped when empty) and `view` set. A chosen view is always
 * written, PDF too: which view opens without one depends on the screen (opening-view.ts).
 */
function searchWith(search: string, changes: { q?: string; view?: ReaderView }): string {
  const params = new URLSearchParams(search);
  if (changes.q !== undefined) {
    if (changes.q.trim() === '') params.delete('q');
    else params.set('q', changes.q);
  }
  if (changes.view !== undefined) params.set('view', changes.view);
  const text = params.toString().replace(/\+/g, '%20');
  return text === '' ? '' : `?${text}`;
}

function targetSentence(hash: string): number | null {
  const match = /^#s-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

function scrollToSentence(index: number): void {
  const element = document.getElementById(`s-${index}`);
  element?.scrollIntoView?.({ block: 'center' });
}

export function PaperReaderPage({ paperId }: { paperId: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [mode, setMode] = useState<FindMode>(params.get('mode') === 'text' ? 'text' : 'question');
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const target = targetSentence(location.hash);
  const paper = useJson<PaperView>(`/api/papers/${encodeURIComponent(paperId)}`);
  const find = useFind({ paperId, query, mode, landOnSentence: target });
  const reader = useRef<HTMLDivElement>(null);
  useFindShortcuts('find-input');
  // The width when the reader opened: turning a phone or resizing the window keeps the view.
  const [windowWidth] = useState(() => window.innerWidth);
  const view = openingView({
    requested: requestedView(location.search),
    hasPdf: Boolean(paper.data?.pdf),
    windowWidth,
  });
  // The PDF is fetched once, while the viewer's code loads (so the two overlap).
  const pdfUrl = paper.data?.pdf?.url ?? null;
  const pdfBytes = useMemo(() => {
    if (pdfUrl === null) return null;
    let loading: Promise<ArrayBuffer> | null = null;
    return () => (loading ??= getBytes(pdfUrl));
  }, [pdfUrl]);
  useEffect(() => {
    // Failures are the viewer's to show; this only starts the download early.
    if (view === 'pdf') pdfBytes?.().catch(() => undefined);
  }, [view, pdfBytes]);

  // The current hit, or else the deep-linked sentence, is scrolled into view (the PDF view
  // scrolls its pages itself).
  const currentHit = find.hits[find.current];
  useEffect(() => {
    if (!paper.data || view !== 'text') return;
    if (currentHit) scrollToSentence(currentHit.sentenceIndex);
    else if (target !== null) scrollToSentence(target);
  }, [paper.data, currentHit, target, view]);

  // The address names the current hit, so copying it shares this very place.
  const currentSentence = currentHit?.sentenceIndex;
  useEffect(() => {
    if (currentSentence === undefined) return;
    const hash = `#s-${currentSentence}`;
    if (window.location.hash !== hash)
      navigate(`${window.location.pathname}${window.location.search}${hash}`, { replace: true });
  }, [currentSentence]);
  // And back: an address changed to another hit's sentence (Back, an edited link) makes it current.
  const { hits, select } = find;
  useEffect(() => {
    if (target === null || target === currentSentence) return;
    const index = hits.findIndex((hit) => hit.sentenceIndex === target);
    if (index >= 0) select(index);
    // Only a changed address moves the current hit; stepping through hits moves the address.
  }, [target]);

  const updateQuery = (next: string) => {
    setQuery(next);
    const search = searchWith(location.search, { q: next });
    navigate(`${location.pathname}${search}${location.hash}`, { replace: true });
  };
  const showView = (next: ReaderView) => {
    setSelection(null);
    const search = searchWith(location.search, { view: next });
    navigate(`${location.pathname}${search}${location.hash}`, { replace: true });
  };

  const marksBySentence = useMemo(() => {
    const marks = new Map<number, { rank: number; current: boolean; marks: SentenceMark[] }>();
    find.hits.forEach((hit, rank) => {
      const entry = marks.get(hit.sentenceIndex) ?? { rank, current: false, marks: [] };
      const current = rank === find.current;
      entry.current ||= current;
      // A likely answer is marked in the current sentence only; exact-text matches everywhere.
      if (hit.highlight && (current || mode === 'text')) {
        entry.marks.push({ start: hit.highlight.start, end: hit.highlight.end, current });
      }
      marks.set(hit.sentenceIndex, entry);
    });
    return marks;
  }, [find.hits, find.current, mode]);

  if (paper.error) return <PaperUnavailable error={paper.error} />;
  if (!paper.data) return <Loading what="the paper" />;
  const { data } = paper;

  // A PDF's tables are shown as tables (paper-table.tsx), their rows being their sentences.
  const tablesBySection = new Map((data.tables ?? []).map((table) => [table.sectionIndex, table]));
  const bySection = new Map<number, PaperSentence[]>();
  for (const sentence of data.sentences) {
    const list = bySection.get(sentence.sectionIndex) ?? [];
    list.push(sentence);
    bySection.set(sentence.sectionIndex, list);
  }

  return (
    <div className="reader" ref={reader}>
      <h1>{data.title}</h1>
      <p className="muted">
        {[data.authors.slice(0, 4).join(', '), data.year ?? ''].filter(Boolean).join(' · ')}
      </p>
      <header className="reader-header">
        {data.pdf ? <ReaderViewToggle view={view} onView={showView} /> : null}
        <FindBar query={query} mode={mode} find={find} onQuery={updateQuery} onMode={setMode} />
      </header>
      {selection ? (
        <AnnotateSelection
          paperId={paperId}
          selection={selection}
          onDone={() => setSelection(null)}
        />
      ) : null}
      {view === 'pdf' && pdfBytes ? (
        <Suspense fallback={<Loading what="the PDF viewer" />}>
          <PdfView
            bytes={pdfBytes}
            sentences={data.sentences}
            tables={data.tables ?? noTables}
            hits={find.hits}
            current={find.current}
            target={target}
            wordsOnly={mode === 'text'}
            container={reader.current}
            onSelection={setSelection}
            onFirstPage={() => performance.mark(firstPdfPageMark)}
          />
        </Suspense>
      ) : (
        <article
          className="paper-text"
          onMouseUp={() => setSelection(selectionInPaper(reader.current))}
          onKeyUp={(event) => {
            if (event.shiftKey) setSelection(selectionInPaper(reader.current));
          }}
        >
          {data.sections.map((section) => (
            <section key={section.index} aria-labelledby={`section-${section.index}`}>
              <h2 id={`section-${section.index}`}>{section.title || 'Untitled section'}</h2>
              {tablesBySection.has(section.index) ? (
                <PaperTable
                  table={tablesBySection.get(section.index)!}
                  marks={marksBySentence}
                  target={target}
                />
              ) : (
                <p>
                  {(bySection.get(section.index) ?? []).map((sentence, position) => {
                    // Text files keep a heading as the section's first sentence; the <h2> shows it.
                    if (position === 0 && sentence.text.trim() === section.title.trim())
                      return null;
                    const found = marksBySentence.get(sentence.index);
                    const classes = [
                      'sentence',
                      found ? 'hit' : '',
                      found?.current ? 'current' : '',
                      target === sentence.index ? 'target' : '',
                    ].filter(Boolean);
                    return (
                      <span
                        key={sentence.id}
                        id={`s-${sentence.index}`}
                        data-start={sentence.charStart}
                        className={classes.join(' ')}
                        {...(found ? { 'data-rank': found.rank + 1 } : {})}
                        {...(found?.current || target === sentence.index
                          ? { 'aria-current': 'true' as const }
                          : {})}
                      >
                        <SentenceText text={sentence.text} marks={found?.marks ?? []} />{' '}
                      </span>
                    );
                  })}
                </p>
              )}
            </section>
          ))}
        </article>
      )}
    </div>
  );
}
