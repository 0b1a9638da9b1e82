/**
 * @module What the papers library reads from GET /api/papers, and how it names a paper's source.
 */
import type { PaperSummary } from '../shared/api-types';

export interface PaperLibraryPage {
  total: number;
  offset: number;
  limit: number;
  papers: PaperSummary[];
}

const sourceLabels: Record<PaperSummary['source'], string> = {
  scirex: 'SciREX',
  s2orc: 'S2ORC',
  qasper: 'QASPER',
  pdf: 'PDF',
  text: 'Text',
};

export function sourceLabel(source: PaperSummary['source']): string {
  return sourceLabels[source] ?? source;
}

/** "23 Nov 2026" in the reader's locale, or the raw value when it is not a date. */
export function addedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
