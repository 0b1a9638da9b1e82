/**
 * @module One page of a PDF in the reader: a box of the page's size that renders (canvas, then the
 * selectable text layer over it) only while it is near the viewport and drops its canvas when far,
 * so a long paper costs a few pages of memory. Highlights are rectangles measured over the
 * text-layer spans of the matched characters; the current one is scrolled to when asked.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { TextLayer } from 'pdfjs-dist';
import type { TextContent } from 'pdfjs-dist/types/src/display/api';
import type { PDFDocumentProxy } from './pdf-document';
import type { ItemRange } from './text-layer-match';

export interface PageHighlight {
  /** Unique on the page: the sentence, or the sentence and the words marked in it. */
  key: string;
  sentenceIndex: number;
  ranges: readonly ItemRange[];
  /** A table row: its box in PDF user space ([left, bottom, right, top]), marked instead of ranges. */
  box?: readonly [number, number, number, number];
  current: boolean;
}

interface Rectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far beyond the viewport (in viewport heights) a page is rendered before it is seen. */
const renderAheadMargin = '150% 0px';

/** Rectangles over the given characters of the text layer, relative to the page box. */
function measureRanges(
  page: HTMLElement,
  spans: readonly HTMLElement[],
  ranges: readonly ItemRange[],
): Rectangle[] {
  const origin = page.getBoundingClientRect();
  const rectangles: Rectangle[] = [];
  for (const range of ranges) {
    const text = spans[range.item]?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const length = text.textContent?.length ?? 0;
    const domRange = document.createRange();
    domRange.setStart(text, Math.min(range.start, length));
    domRange.setEnd(text, Math.min(range.end, length));
    for (const rect of domRange.getClientRects()) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      rectangles.push({
        left: rect.left - origin.left,
        top: rect.top - origin.top,
        width: rect.width,
        height: rect.height,
      });
    }
  }
  return rectangles;
}

/** A box in PDF user space as a rectangle on the drawn page (none before the page is drawn). */
function boxRectangles(
  box: readonly [number, number, number, number],
  viewport: { convertToViewportRectangle: (rectangle: number[]) => number[] } | null,
): Rectangle[] {
  if (!viewport) return [];
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = viewport.convertToViewportRectangle([...box]);
  return [
    {
      left: Math.min(x1, x2),
      top: Math.min(y1, y2),
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
    },
  ];
}

export function PdfPage(props: {
  document: PDFDocumentProxy;
  pageNumber: number;
  pageCount: number;
  scale: number;
  /** The page's size at scale 1 (an estimate until the page itself is loaded). */
  baseSize: { width: number; height: number };
  textContent: (page: number) => Promise<TextContent>;
  highlights: readonly PageHighlight[];
  /** Changes when the current highlight should be scrolled into view. */
  scrollRequest: number;
  /** Called each time the page's canvas is painted. */
  onPainted?: (page: number) => void;
}) {
  const { document: pdf, pageNumber, scale, textContent, onPainted } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const spans = useRef<HTMLElement[]>([]);
  // The viewport the page was last drawn at: maps a table row's PDF box onto the page.
  const drawnViewport = useRef<{
    convertToViewportRectangle: (rectangle: number[]) => number[];
  } | null>(null);
  const [near, setNear] = useState(false);
  const [size, setSize] = useState(props.baseSize);
  const [rendered, setRendered] = useState(0);
  const [rectangles, setRectangles] = useState<(Rectangle & { current: boolean; key: string })[]>(
    [],
  );
  const handledScroll = useRef(-1);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: renderAheadMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near) {
      spans.current = [];
      textLayer.current?.replaceChildren();
      if (canvas.current) {
        canvas.current.width = 0;
        canvas.current.height = 0;
      }
      setRendered(0);
      return;
    }
    let cancelled = false;
    let cancelWork = () => {};
    // Highlights measured at the old scale are dropped until the new text layer is laid out.
    setRendered(0);
    const render = async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      drawnViewport.current = viewport;
      const base = page.getViewport({ scale: 1 });
      setSize({ width: base.width, height: base.height });
      const target = canvas.current;
      const layer = textLayer.current;
      if (!target || !layer) return;
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      const task = page.render({
        canvas: target,
        viewport,
        ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
      });
      // Awaited below; a cancel before then must not be an unhandled rejection.
      const painted = task.promise.then(
        () => true,
        () => false,
      );
      cancelWork = () => task.cancel();
      const contentLoaded = textContent(pageNumber);
      // The page is shown once painted; its text layer follows.
      if (!(await painted) || cancelled) return;
      onPainted?.(pageNumber);
      const content = await contentLoaded;
      if (cancelled) return;
      layer.replaceChildren();
      const text = new TextLayer({ textContentSource: content, container: layer, viewport });
      cancelWork = () => {
        task.cancel();
        text.cancel();
      };
      await text.render();
      text.textDivs.forEach((span, item) => {
        span.dataset['item'] = String(item);
      });
      spans.current = text.textDivs;
      if (cancelled) return;
      setRendered((count) => count + 1);
    };
    render().catch((error: unknown) => {
      // A render cancelled because the page scrolled away or the zoom changed is no failure.
      if (!cancelled && (error as { name?: string } | null)?.name !== 'RenderingCancelledException')
        console.warn(`page ${pageNumber} could not be rendered`, error);
    });
    return () => {
      cancelled = true;
      cancelWork();
    };
  }, [near, pdf, pageNumber, scale, textContent, onPainted]);

  const { highlights, scrollRequest } = props;
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || rendered === 0) {
      setRectangles([]);
      return;
    }
    setRectangles(
      highlights.flatMap((highlight) =>
        (highlight.box
          ? boxRectangles(highlight.box, drawnViewport.current)
          : measureRanges(element, spans.current, highlight.ranges)
        ).map((rectangle, position) => ({
          ...rectangle,
          current: highlight.current,
          key: `${highlight.key}/${position}`,
        })),
      ),
    );
  }, [highlights, rendered]);

  useEffect(() => {
    // Only highlights measured on this scale's text layer are scrolled to.
    if (handledScroll.current === scrollRequest || rendered === 0) return;
    if (!rectangles.some((rectangle) => rectangle.current)) return;
    const current = box.current?.querySelector('.pdf-highlight.current');
    if (!current) return;
    handledScroll.current = scrollRequest;
    current.scrollIntoView?.({ block: 'center' });
  }, [rectangles, scrollRequest, rendered]);

  const style = {
    width: `${size.width * scale}px`,
    height: `${size.height * scale}px`,
    '--total-scale-factor': String(scale),
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;
  return (
    <div
      ref={box}
      className="pdf-page"
      style={style}
      data-page-number={pageNumber}
      role="group"
      aria-label={`Page ${pageNumber} of ${props.pageCount}`}
    >
      <canvas ref={canvas} className="pdf-canvas" aria-hidden="true" />
      {rectangles.map((rectangle) => (
        <div
          key={rectangle.key}
          className={rectangle.current ? 'pdf-highlight current' : 'pdf-highlight'}
          data-page={pageNumber}
          style={{
            left: `${rectangle.left}px`,
            top: `${rectangle.top}px`,
            width: `${rectangle.width}px`,
            height: `${rectangle.height}px`,
          }}
        />
      ))}
      <div ref={textLayer} className="textLayer" />
    </div>
  );
}
