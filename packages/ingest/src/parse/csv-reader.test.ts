import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv-reader.js';
import { collect } from './test-support/collect.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quarry-csv-reader-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function recordsOf(content: string, maxRecordCharacters?: number) {
  const path = join(folder, `file-${Math.random().toString(36).slice(2)}.csv`);
  await writeFile(path, content);
  return collect(
    readCsvRecords(path, maxRecordCharacters === undefined ? {} : { maxRecordCharacters }),
  );
}

describe('readCsvRecords', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes (RFC 4180)', async () => {
    const records = await recordsOf(
      'name,text\r\nA,"one, two"\r\nB,"line 1\r\nline 2 ""quoted"""\r\nC,\r\n',
    );
    expect(records).toEqual([
      { kind: 'record', lineNumber: 1, fields: ['name', 'text'] },
      { kind: 'record', lineNumber: 2, fields: ['A', 'one, two'] },
      { kind: 'record', lineNumber: 3, fields: ['B', 'line 1\r\nline 2 "quoted"'] },
      { kind: 'record', lineNumber: 5, fields: ['C', ''] },
    ]);
  });

  it('skips blank lines, reads a last record without newline and LF-only files', async () => {
    const records = await recordsOf('a,b\n\n1,2\n\n3,"x\ny"');
    expect(records).toEqual([
      { kind: 'record', lineNumber: 1, fields: ['a', 'b'] },
      { kind: 'record', lineNumber: 3, fields: ['1', '2'] },
      { kind: 'record', lineNumber: 5, fields: ['3', 'x\ny'] },
    ]);
  });

  it('reports an unterminated quote at the line where its record starts', async () => {
    const records = await recordsOf('a,b\n1,"never closed\n2,3\n');
    expect(records.at(-1)).toEqual({ kind: 'unterminated-quote', lineNumber: 2 });
  });

  it('reports a record over the limit and reads on', async () => {
    const records = await recordsOf(`a,b\n1,"${'x'.repeat(200)}"\n2,ok\n`, 50);
    expect(records.map((record) => record.kind)).toEqual(['record', 'too-long', 'record']);
    expect(records[2]).toEqual({ kind: 'record', lineNumber: 3, fields: ['2', 'ok'] });
  });
});
