/**
 * @module The tables of a stored paper for GET /api/papers/:id, read from `Paper.extra.tables`
 * (written by PDF ingestion, @quarry/ingest stored-tables.ts): each table's section, label,
 * caption and column headers, and each row's sentence, cells, page and box in PDF user space. The
 * reader shows them as tables in the text view and marks a row's box on the PDF page. A stored
 * value of another shape (an older or foreign paper) gives no tables rather than an error.
 */

export interface PaperTableRow {
  sentenceIndex: number;
  cells: string[];
  page: number;
  /** [left, bottom, right, top] in PDF user space (points, y upwards). */
  box: [number, number, number, number];
}

export interface PaperTable {
  sectionIndex: number;
  label: string;
  caption: string;
  columns: string[];
  rows: PaperTableRow[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function rowOf(value: unknown): PaperTableRow | null {
  if (!isRecord(value)) return null;
  const { sentenceIndex, cells, page, box } = value;
  if (typeof sentenceIndex !== 'number' || typeof page !== 'number' || !isStringArray(cells))
    return null;
  if (!Array.isArray(box) || box.length !== 4 || !box.every((side) => typeof side === 'number'))
    return null;
  return { sentenceIndex, cells, page, box: box as PaperTableRow['box'] };
}

/** The paper's tables, or [] when it has none. */
export function paperTables(extra: Record<string, unknown>): PaperTable[] {
  const stored = extra.tables;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((value): PaperTable[] => {
    if (!isRecord(value)) return [];
    const { sectionIndex, label, caption, columns, rows } = value;
    if (typeof sectionIndex !== 'number' || typeof label !== 'string') return [];
    if (!isStringArray(columns) || !Array.isArray(rows)) return [];
    return [
      {
        sectionIndex,
        label,
        caption: typeof caption === 'string' ? caption : '',
        columns,
        rows: rows.flatMap((row) => rowOf(row) ?? []),
      },
    ];
  });
}
