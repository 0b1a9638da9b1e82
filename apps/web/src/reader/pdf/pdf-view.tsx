/**
 * @module The paper as printed: its PDF rendered page by page with pdf.js (pages near the viewport
 * only), a selectable text layer, zoom out / in / fit width. The find bar's hits and a
 * deep-linked sentence are located on the pages and drawn as highlights; the current one is
 * scrolled to. Selecting text adds a question through the same form as the text view. Loaded
 * lazily by the reader (pdf.js is not part of the app's first load).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FindHit, PaperSentence, PaperTable } from '../../shared/api-types';
import type { TextSelection } from '../annotate-selection';
import { openPdfDocument } from './pdf-document';
import type { PDFDocumentProxy } from './pdf-document';
import { PdfPage } from './pdf-page';
import type { PageHighlight } from './pdf-page';
import { selectionOnPages } from './pdf-selection';
import { usePageTextContent, useLocatedSentences } from './use-located-sentences';
import type { SentenceToLocate } from './use-located-sentences';
import { ZoomControls, useZoom } from './zoom-controls';
import './pdf-view.css';

export interface PdfViewProps {
  /** The PDF's bytes, fetched by the reader as soon as it knew the paper has one. */
  bytes: () => Promise<ArrayBuffer>;
  sentences: readonly PaperSentence[];
  /** The paper's tables: a table row is marked by its box on its page, not by its text. */
  tables: readonly PaperTable[];
  hits: readonly FindHit[];
  current: number;
  /** The deep-linked sentence (`#s-N`) when no hit is current. */
  target: number | null;
  /** Exact-text find: mark a hit's words, not its whole sentence. */
  wordsOnly: boolean;
  /** The positioned element the annotation form is placed in. */
  container: HTMLElement | null;
  onSelection: (selection: TextSelection | null) => void;
  /** Called once, when the first page is on screen (for timing). */
  onFirstPage?: () => void;
}

export default function PdfView(props: PdfViewProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [baseSize, setBaseSize] = useState<{ width: number; height: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const zoom = useZoom({ frame, pageWidth: baseSize?.width ?? null });

  const { bytes } = props;
  useEffect(() => {
    const opening = openPdfDocument(bytes);
    let cancelled = false;
    opening.promise
      .then(async (document) => {
        const first = (await document.getPage(1)).getViewport({ scale: 1 });
        if (cancelled) return;
        setBaseSize({ width: first.width, height: first.height });
        setPdf(document);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      opening.cancel();
    };
  }, [bytes]);

  const textContent = usePageTextContent(pdf);
  const byIndex = useMemo(
    () => new Map(props.sentences.map((sentence) => [sentence.index, sentence])),
    [props.sentences],
  );
  const currentHit = props.hits[props.current];
  const currentSentence = currentHit?.sentenceIndex ?? props.target;
  const { hits, wordsOnly } = props;
  // What is marked: each hit (its words only for exact text), and the deep-linked sentence.
  const marked = useMemo(() => {
    const places = new Map<string, SentenceToLocate & { current: boolean }>();
    const add = (index: number, part: FindHit['highlight'], current: boolean) => {
      const sentence = byIndex.get(index);
      if (!sentence) return;
      const words = wordsOnly && part ? sentence.text.slice(part.start, part.end) : undefined;
      const key = words === undefined ? String(index) : `${index}:${part?.start}-${part?.end}`;
      const known = places.get(key);
      places.set(key, {
        key,
        index,
        text: sentence.text,
        page: sentence.page,
        ...(words === undefined ? {} : { part: words }),
        current: current || (known?.current ?? false),
      });
    };
    hits.forEach((hit) => add(hit.sentenceIndex, hit.highlight, hit === currentHit));
    if (!currentHit && currentSentence !== null) add(currentSentence, null, true);
    return [...places.values()];
  }, [hits, currentHit, currentSentence, byIndex, wordsOnly]);
  const rowBoxes = useMemo(
    () =>
      new Map(props.tables.flatMap((table) => table.rows.map((row) => [row.sentenceIndex, row]))),
    [props.tables],
  );
  // A table row's sentence (caption · label · header value …) is not printed as such: its box is.
  const toLocate = useMemo(
    () => marked.filter((place) => !rowBoxes.has(place.index)),
    [marked, rowBoxes],
  );
  const located = useLocatedSentences({ document: pdf, textContent, sentences: toLocate });

  const highlightsByPage = useMemo(() => {
    const pages = new Map<number, PageHighlight[]>();
    for (const { key, index, current } of marked) {
      const row = rowBoxes.get(index);
      if (row) {
        const list = pages.get(row.page) ?? [];
        list.push({ key, sentenceIndex: index, ranges: [], box: row.box, current });
        pages.set(row.page, list);
        continue;
      }
      const place = located.get(key);
      if (!place) continue;
      const list = pages.get(place.page) ?? [];
      list.push({ key, sentenceIndex: index, ranges: place.match.ranges, current });
      pages.set(place.page, list);
    }
    return pages;
  }, [marked, located, rowBoxes]);
  const currentKey = marked.find((place) => place.current)?.key ?? null;

  // A new current sentence, or a new zoom (the pages change height): its page is brought into
  // view (so it renders), then the page scrolls its highlight to the middle of the screen.
  const currentPage =
    currentSentence === null
      ? null
      : ((currentKey === null ? undefined : located.get(currentKey)?.page) ??
        rowBoxes.get(currentSentence)?.page ??
        byIndex.get(currentSentence)?.page ??
        null);
  const [scrollRequest, setScrollRequest] = useState(0);
  const { scale } = zoom;
  useEffect(() => {
    if (!pdf || currentPage === null) return;
    frame.current
      ?.querySelector(`[data-page-number="${currentPage}"]`)
      ?.scrollIntoView?.({ block: 'start' });
    setScrollRequest((count) => count + 1);
  }, [pdf, currentKey, currentPage, scale]);

  const { onFirstPage } = props;
  const announced = useRef(false);
  const onPainted = useCallback(() => {
    if (announced.current) return;
    announced.current = true;
    onFirstPage?.();
  }, [onFirstPage]);

  const { onSelection, container, sentences } = props;
  const selectText = () => {
    void selectionOnPages({ container, sentences, textContent }).then(onSelection);
  };

  if (failure) {
    return (
      <p className="error" role="alert">
        The PDF could not be shown ({failure}). The text view still has the whole paper.
      </p>
    );
  }
  return (
    <div className="pdf-view">
      <ZoomControls zoom={zoom} />
      {/* Scrolls (sideways too, zoomed in on a phone): a named region the keyboard can focus. */}
      <div
        className="pdf-pages"
        ref={frame}
        role="region"
        aria-label="PDF pages"
        tabIndex={0}
        aria-busy={pdf === null}
        onMouseUp={selectText}
        onKeyUp={(event) => {
          if (event.shiftKey) selectText();
        }}
      >
        {pdf && baseSize
          ? Array.from({ length: pdf.numPages }, (_, position) => (
              <PdfPage
                key={position}
                document={pdf}
                pageNumber={position + 1}
                pageCount={pdf.numPages}
                scale={zoom.scale}
                baseSize={baseSize}
                textContent={textContent}
                highlights={highlightsByPage.get(position + 1) ?? noHighlights}
                scrollRequest={position + 1 === currentPage ? scrollRequest : -1}
                onPainted={onPainted}
              />
            ))
          : null}
        {pdf === null ? <p className="muted">Opening the PDF…</p> : null}
      </div>
    </div>
  );
}

const noHighlights: readonly PageHighlight[] = [];
