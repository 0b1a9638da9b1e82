/**
 * ingestDatasets on an in-memory PGlite store: a DataFinder-style file, then a CSV-style file,
 * then the Papers with Code fixture merge into one catalog, and re-running changes nothing.
 * The files are tiny made-up records written here.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDatasets } from './ingest-datasets.js';
import { summaryJson } from './ingest-summary.js';
import { fixturePath } from './parse/test-support/shared-data.js';

const dataFinderLines = [
  {
    id: 'TinyDigits',
    contents: 'Made-up handwritten digits.\r\n\r\nSource: [A Later Paper](/paper/a-later-paper)',
    variants: ['TinyDigits'],
    title: 'A Later Paper',
    year: 2020,
    date: '2020-03-01',
  },
  { id: 'ToyQA', contents: 'Made-up questions.', variants: ['ToyQA', 'Toy-QA'], title: '' },
  { id: 'Shared One', contents: 'One of two.', variants: ['Shared'], title: '' },
  { id: 'Shared Two', contents: 'Two of two.', variants: ['Shared'], title: '' },
  // A repeated id: the first record wins.
  { id: 'TinyDigits', contents: 'A repeat.', variants: [], title: '', year: 2022 },
];

const csvRows = [
  'title,description,owner,date,subtitle,keywords,#downloads,#views,#votes,dataset_slug',
  'TinyDigits,"Made-up handwritten digits, 1,000 of them, for parser tests.",someone,20/05/2019,Tiny Handwritten Digits,digits,3,40,1,tiny-digits',
  'Toy QA,"Short.",someone,,,,,,,toy-qa',
  'Shared,"A name two stored datasets share.",someone,,,,,,,shared',
  'Fresh Set,"Only in the CSV.",someone,01/02/2021,,,,,,fresh-set',
];

let folder: string;
let dataFinderFile: string;
let csvFile: string;
const papersWithCodeFile = fixturePath('pwc-datasets.json');

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quarry-ingest-merge-'));
  dataFinderFile = join(folder, 'collection.jsonl');
  csvFile = join(folder, 'datasets.csv');
  await writeFile(dataFinderFile, dataFinderLines.map((line) => JSON.stringify(line)).join('\n'));
  await writeFile(csvFile, `${csvRows.join('\n')}\n`);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('ingestDatasets: sources merge into one catalog', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('stores the DataFinder file as it is', async () => {
    const summary = await ingestDatasets({ store, files: [dataFinderFile] });
    expect(summaryJson(summary)).toEqual({
      datasets: 4,
      frames: 0,
      inserted: 4,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      merged: 0,
      errors: 0,
    });
    const stored = await store.datasets.get('TinyDigits');
    expect(stored?.extra.mergedFrom).toBeUndefined();
  });

  it('merges the CSV records into the DataFinder rows they name, and adds the rest', async () => {
    const summary = await ingestDatasets({ store, files: [csvFile] });
    expect(summaryJson(summary)).toMatchObject({
      datasets: 4,
      inserted: 2,
      updated: 2,
      merged: 2,
      errors: 0,
    });
    expect(await store.datasets.count()).toBe(6);
    const ids = (await store.datasets.all()).map((dataset) => dataset.id);
    // "Shared" names two stored datasets, so it is a dataset of its own.
    expect(ids).toEqual(['Fresh Set', 'Shared', 'Shared One', 'Shared Two', 'TinyDigits', 'ToyQA']);

    const tinyDigits = await store.datasets.get('TinyDigits');
    expect(tinyDigits).toMatchObject({
      id: 'TinyDigits',
      source: 'datafinder',
      fullName: 'Tiny Handwritten Digits',
      description: 'Made-up handwritten digits, 1,000 of them, for parser tests.',
      year: 2019,
      introducedDate: '2019-05-20',
      paperTitle: 'A Later Paper',
    });
    expect(tinyDigits?.extra).toMatchObject({
      owner: 'someone',
      dataset_slug: 'tiny-digits',
      mergedFrom: [
        { source: 'datafinder', id: 'TinyDigits' },
        { source: 'pwc-csv', id: 'TinyDigits' },
      ],
    });
    // The DataFinder attribution belonged to the shorter description, which was replaced.
    expect(tinyDigits?.extra.descriptionSource).toBeUndefined();

    const toyQa = await store.datasets.get('ToyQA');
    expect(toyQa?.description).toBe('Made-up questions.');
    expect(toyQa?.variants).toEqual(['Toy-QA', 'ToyQA']);
    expect(toyQa?.extra.mergedFrom).toEqual([
      { source: 'datafinder', id: 'ToyQA' },
      { source: 'pwc-csv', id: 'Toy QA' },
    ]);
  });

  it('merges a third source, the Papers with Code datasets.json, into the same rows', async () => {
    const summary = await ingestDatasets({ store, files: [papersWithCodeFile] });
    // The fixture has two good records and two bad ones.
    expect(summaryJson(summary)).toMatchObject({ datasets: 2, updated: 2, merged: 2, errors: 2 });
    expect(await store.datasets.count()).toBe(6);
    const tinyDigits = await store.datasets.get('TinyDigits');
    expect(tinyDigits).toMatchObject({
      modalities: ['Images'],
      tasks: ['Image Classification', 'Digit Recognition'],
      homepage: 'https://example.org/tiny-digits',
      numPapers: 12,
      variants: ['TinyDigits', 'TinyDigits-small'],
      year: 2019,
    });
    expect(tinyDigits?.extra.mergedFrom).toHaveLength(3);
    expect((await store.datasets.get('ToyQA'))?.languages).toEqual(['English', 'German']);
  });

  it('changes nothing when all three files are ingested again', async () => {
    const summary = await ingestDatasets({
      store,
      files: [dataFinderFile, csvFile, papersWithCodeFile],
    });
    expect(summaryJson(summary)).toMatchObject({
      datasets: 10,
      inserted: 0,
      updated: 0,
      unchanged: 10,
      duplicates: 1,
      // The DataFinder, CSV and PwC records of TinyDigits and ToyQA.
      merged: 6,
    });
    expect(await store.datasets.count()).toBe(6);
  });
});

describe('ingestDatasets: one run over several files', () => {
  it('merges across the files of one run as across runs', async () => {
    const store = await openStore({ location: 'memory://' });
    try {
      const summary = await ingestDatasets({ store, files: [dataFinderFile, csvFile] });
      expect(summaryJson(summary)).toMatchObject({ datasets: 8, inserted: 6, merged: 2 });
      expect(await store.datasets.count()).toBe(6);
      const again = await ingestDatasets({ store, files: [dataFinderFile, csvFile] });
      expect(summaryJson(again)).toMatchObject({ inserted: 0, updated: 0, unchanged: 8 });
    } finally {
      await store.close();
    }
  });

  it('stores every record under its own id when merging is off', async () => {
    const store = await openStore({ location: 'memory://' });
    try {
      const summary = await ingestDatasets({
        store,
        files: [dataFinderFile, csvFile],
        mergeSources: false,
      });
      // TinyDigits of the CSV replaces the DataFinder record with that id.
      expect(summaryJson(summary)).toMatchObject({ inserted: 7, updated: 1, merged: 0 });
      expect(await store.datasets.count()).toBe(7);
    } finally {
      await store.close();
    }
  });
});
