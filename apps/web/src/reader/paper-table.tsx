/**
 * @module A table of a PDF paper in the text view: its caption, column headers and rows as an
 * HTML table, never as headings or running text. Each row is the stored sentence of that row (a
 * `#s-N` anchor, like any sentence), marked when the find bar's hits or a deep link land on it.
 */
import type { PaperTable as PaperTableData } from '../shared/api-types';

export interface RowMark {
  rank: number;
  current: boolean;
}

export function PaperTable(props: {
  table: PaperTableData;
  marks: ReadonlyMap<number, RowMark>;
  target: number | null;
}) {
  const { table, marks, target } = props;
  const width = Math.max(table.columns.length, ...table.rows.map((row) => row.cells.length));
  const hasHeader = table.columns.some((column) => column.trim() !== '');
  return (
    // A wide table scrolls sideways on a phone: focusable and named, so the keyboard reaches it.
    <div className="paper-table" role="region" aria-label={table.label || 'Table'} tabIndex={0}>
      <table>
        <caption>{table.caption || table.label}</caption>
        {hasHeader ? (
          <thead>
            <tr>
              {Array.from({ length: width }, (_, column) => (
                <th key={column} scope="col">
                  {table.columns[column] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {table.rows.map((row) => {
            const found = marks.get(row.sentenceIndex);
            const isTarget = target === row.sentenceIndex;
            const classes = [
              'sentence',
              'table-row',
              found ? 'hit' : '',
              found?.current ? 'current' : '',
              isTarget ? 'target' : '',
            ].filter(Boolean);
            return (
              <tr
                key={row.sentenceIndex}
                id={`s-${row.sentenceIndex}`}
                className={classes.join(' ')}
                {...(found ? { 'data-rank': found.rank + 1 } : {})}
                {...(found?.current || isTarget ? { 'aria-current': 'true' as const } : {})}
              >
                {Array.from({ length: width }, (_, column) =>
                  column === 0 ? (
                    <th key={column} scope="row">
                      {row.cells[0] ?? ''}
                    </th>
                  ) : (
                    <td key={column}>{row.cells[column] ?? ''}</td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
