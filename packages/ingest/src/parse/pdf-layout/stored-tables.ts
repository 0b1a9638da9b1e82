/**
 * @module The tables of a PDF paper as kept in `Paper.extra.tables`, for the reader: each table's
 * section, label, caption and column headers, and for each row its sentence index, cells, page and
 * box in PDF user space (points, y upwards), so the Text view can show the table as a table and
 * the PDF view can mark a row found by search. The `table` sections hold the same rows as
 * sentences, one per row, in order (pdf-document-layout.ts).
 */
import type { AssembledPaperText } from '../paper-text-builder.js';
import type { TableLayout } from './table-rows.js';

export interface StoredTableRow {
  sentenceIndex: number;
  cells: string[];
  page: number;
  /** [left, bottom, right, top] in PDF user space. */
  box: [number, number, number, number];
}

export interface StoredTable {
  sectionIndex: number;
  label: string;
  caption: string;
  columns: string[];
  rows: StoredTableRow[];
}

/** Pairs each table with its `table` section and each row with its sentence. */
export function storedTables(
  tables: readonly TableLayout[],
  assembled: AssembledPaperText,
): StoredTable[] {
  const tableSections = assembled.sections.filter((section) => section.kind === 'table');
  return tables.flatMap((table, position): StoredTable[] => {
    const section = tableSections[position];
    if (section === undefined) return [];
    const sentences = assembled.sentences.filter(
      (sentence) => sentence.sectionIndex === section.index,
    );
    const rows = table.rows.flatMap((row, rowPosition): StoredTableRow[] => {
      const sentence = sentences[rowPosition];
      if (sentence === undefined) return [];
      const { left, bottom, right, top } = row.box;
      return [
        {
          sentenceIndex: sentence.index,
          cells: row.cells,
          page: row.page,
          box: [left, bottom, right, top],
        },
      ];
    });
    return [
      {
        sectionIndex: section.index,
        label: table.label,
        caption: table.caption,
        columns: table.columns,
        rows,
      },
    ];
  });
}
