/**
 * @module Which view the reader opens a paper in. A kept PDF is shown as printed, except on a narrow
 * screen, where a fitted page is too small to read and the text view opens instead; an explicit
 * `?view=pdf` or `?view=text` in the address always wins, so the reader's own choice and a shared
 * link keep their view on any screen.
 */
import type { ReaderView } from './reader-view-toggle';

/**
 * Below this window width (CSS px) a paper opens as text. A US-letter or A4 page fitted into a
 * narrower frame is drawn at under about 112%; measured in Chromium on three real papers, body text
 * is 5.2-5.8 px at 390 px (58%) and still 10.2-11.3 px at 113%, against 16 px in the text view.
 * Phones and small tablets fall below it; a tablet in portrait (768 px and up) keeps the PDF.
 */
export const textViewBelowWidthPx = 720;

/** The view asked for in the address (`?view=`), or null when it names none. */
export function requestedView(search: string): ReaderView | null {
  const view = new URLSearchParams(search).get('view');
  return view === 'pdf' || view === 'text' ? view : null;
}

export function openingView(options: {
  /** The view the address asks for, if any. */
  requested: ReaderView | null;
  /** Whether the paper's PDF was kept (without it there is only the text). */
  hasPdf: boolean;
  /** The window's width in CSS px when the reader opened. */
  windowWidth: number;
}): ReaderView {
  if (!options.hasPdf) return 'text';
  if (options.requested !== null) return options.requested;
  return options.windowWidth < textViewBelowWidthPx ? 'text' : 'pdf';
}
