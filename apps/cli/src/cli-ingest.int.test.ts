/**
 * The ingest CLI end to end on real files from ../shared/data, on an embedded database in a
 * temporary folder: counts, idempotence, merging of catalog sources, bad input, the --json contract.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/captured-io.js';
import { sharedDataPath } from './test-support/shared-data.js';

async function quarry(argv: string[]) {
  const io = captureIo();
  const exitCode = await run({ argv, io });
  return { exitCode, io };
}

describe('quarry ingest (embedded database)', () => {
  let database: string;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'quarry-cli-'));
    database = join(scratch, 'db');
  });

  it('ingests the DataFinder collection once and changes nothing on a second run', async () => {
    const collection = sharedDataPath('datafinder/dataset_collection.jsonl');
    const first = await quarry(['ingest', 'datasets', collection, '--db', database, '--json']);
    expect(first.exitCode).toBe(0);
    expect(first.io.lastJson()).toMatchObject({
      datasets: 3294,
      inserted: 3294,
      duplicates: 33,
      errors: 0,
    });
    const second = await quarry(['ingest', 'datasets', collection, '--db', database, '--json']);
    expect(second.io.lastJson()).toMatchObject({
      datasets: 3294,
      inserted: 0,
      updated: 0,
      unchanged: 3294,
      errors: 0,
    });
    const stats = await quarry(['stats', '--db', database, '--json']);
    expect(stats.io.lastJson()).toMatchObject({ datasets: 3294 });
  });

  it('merges the 2022 Papers with Code CSV into the DataFinder rows, and re-running changes nothing', async () => {
    const csv = sharedDataPath('pwc/pwc_datasets_2022.csv');
    const first = await quarry(['ingest', 'datasets', csv, '--db', database, '--json']);
    expect(first.exitCode).toBe(0);
    expect(first.io.lastJson()).toMatchObject({
      datasets: 5719,
      inserted: 2444,
      updated: 3275,
      merged: 3275,
      errors: 0,
    });
    expect(first.io.err.join('')).toContain('3275 merged into datasets of other sources');
    const second = await quarry(['ingest', 'datasets', csv, '--db', database, '--json']);
    expect(second.io.lastJson()).toMatchObject({ inserted: 0, updated: 0, unchanged: 5719 });
    const stats = await quarry(['stats', '--db', database, '--json']);
    expect(stats.io.lastJson()).toMatchObject({ datasets: 5738 });
  });

  it('ingests SciREX papers with one frame per SciREX sentence', async () => {
    const papers = sharedDataPath('scirex/papers');
    const files = (await readdir(papers)).sort().slice(0, 5);
    const paths = files.map((file) => join(papers, file));
    const first = await quarry(['ingest', 'papers', ...paths, '--db', database, '--json']);
    expect(first.exitCode).toBe(0);
    const summary = first.io.lastJson();
    expect(summary).toMatchObject({ papers: 5, inserted: 5, errors: 0 });
    expect(summary.frames).toBeGreaterThan(500);
    const again = await quarry(['ingest', 'papers', ...paths, '--db', database, '--json']);
    expect(again.io.lastJson()).toMatchObject({
      papers: 5,
      inserted: 0,
      unchanged: 5,
      frames: summary.frames,
    });
  });

  it('ingests the S2ORC, doc2json and QASPER samples', async () => {
    const result = await quarry([
      'ingest',
      'papers',
      sharedDataPath('formats/s2orc'),
      sharedDataPath('formats/qasper'),
      '--db',
      database,
      '--json',
    ]);
    const summary = result.io.lastJson();
    expect(summary.errors).toBe(0);
    expect(summary.papers).toBeGreaterThanOrEqual(12);
    expect(summary.frames).toBeGreaterThan(100);
  });

  it('reports bad records by file and line, stores the good ones, and exits non-zero', async () => {
    const file = join(scratch, 'mixed.jsonl');
    await writeFile(
      file,
      [
        JSON.stringify({
          id: 'Good One',
          contents: 'A good dataset.',
          variants: [],
          title: 'T',
          year: 2020,
        }),
        '{"id": "Broken", "contents": ',
        JSON.stringify({ contents: 'no id here', variants: [] }),
        JSON.stringify({
          id: 'Good Two',
          contents: 'Another good dataset.',
          variants: ['G2'],
          title: 'T',
        }),
      ].join('\n'),
    );
    const result = await quarry(['ingest', 'datasets', file, '--db', database, '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.io.lastJson()).toMatchObject({ datasets: 2, inserted: 2, errors: 2 });
    const errors = result.io.err.join('');
    expect(errors).toContain('mixed.jsonl:2');
    expect(errors).toContain('mixed.jsonl:3');
  });

  it('reports an empty file and an unreadable PDF without stopping', async () => {
    const empty = join(scratch, 'empty.jsonl');
    await writeFile(empty, '');
    const datasets = await quarry(['ingest', 'datasets', empty, '--db', database, '--json']);
    expect(datasets.io.lastJson()).toMatchObject({ datasets: 0, errors: 1 });
    expect(datasets.io.err.join('')).toContain('empty.jsonl');

    const pdf = join(scratch, 'broken.pdf');
    await writeFile(pdf, '%PDF-1.7 this is not really a pdf');
    const papers = await quarry(['ingest', 'papers', pdf, '--db', database, '--json']);
    expect(papers.exitCode).toBe(1);
    expect(papers.io.lastJson()).toMatchObject({ papers: 0, errors: 1 });
    expect(papers.io.err.join('')).toContain('broken.pdf');
  });

  it('rejects a usage error with a clear message and exit code', async () => {
    const result = await quarry(['ingest', 'nonsense']);
    expect(result.exitCode).toBe(65);
    expect(result.io.err.join('')).toContain('usage: quarry ingest');
  });
});
