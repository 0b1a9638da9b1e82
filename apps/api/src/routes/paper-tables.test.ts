import { describe, expect, it } from 'vitest';
import { paperTables } from './paper-tables.js';

describe('paperTables', () => {
  it('reads the stored tables and drops what has another shape', () => {
    const row = { sentenceIndex: 40, cells: ['BERT', '91.2'], page: 3, box: [100, 500, 400, 510] };
    const tables = paperTables({
      tables: [
        {
          sectionIndex: 7,
          label: 'Table 2',
          caption: 'Results.',
          columns: ['Model', 'F1'],
          rows: [row, { page: 'x' }],
        },
        { label: 'no section' },
      ],
    });
    expect(tables).toEqual([
      {
        sectionIndex: 7,
        label: 'Table 2',
        caption: 'Results.',
        columns: ['Model', 'F1'],
        rows: [row],
      },
    ]);
    expect(paperTables({})).toEqual([]);
    expect(paperTables({ tables: 'nope' })).toEqual([]);
  });
});
