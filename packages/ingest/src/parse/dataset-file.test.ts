import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dataset } from '@quarry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatasetFile } from './dataset-file.js';
import type { ParseResult } from './parse-result.js';
import { collect } from './test-support/collect.js';
import { fixturePath, repositoryPath, sharedDataPath } from './test-support/shared-data.js';

const dataFinderCollection = sharedDataPath('datafinder', 'dataset_collection.jsonl');
const papersWithCodeCsv = sharedDataPath('pwc', 'pwc_datasets_2022.csv');

function okValues(results: ParseResult<Dataset>[]): Dataset[] {
  return results.flatMap((result) => (result.ok ? [result.value] : []));
}

function failures(results: ParseResult<Dataset>[]) {
  return results.flatMap((result) => (result.ok ? [] : [result]));
}

let temporaryFolder: string;
beforeAll(async () => {
  temporaryFolder = await mkdtemp(join(tmpdir(), 'quarry-dataset-file-'));
});
afterAll(async () => {
  await rm(temporaryFolder, { recursive: true, force: true });
});

describe('parseDatasetFile: the DataFinder collection', () => {
  let results: ParseResult<Dataset>[];
  beforeAll(async () => {
    results = await collect(parseDatasetFile(dataFinderCollection));
  });

  it('yields every one of the 3,327 lines as an ok record (duplicates included)', () => {
    expect(failures(results)).toEqual([]);
    expect(results).toHaveLength(3327);
    expect(new Set(okValues(results).map((dataset) => dataset.id)).size).toBe(3294);
    expect(results[16]?.where).toBe(`${dataFinderCollection}:17`);
  });

  it('maps the fields and splits the "Source:" line off the description', () => {
    const datasets = okValues(results);
    for (const dataset of datasets) {
      expect(dataset.source).toBe('datafinder');
      expect(dataset.name).toBe(dataset.id);
      expect(dataset.description).not.toMatch(/\n\s*Source:\s*\[[^\]]*\]\([^)]*\)\s*$/);
    }
    const first = datasets[0];
    expect(first?.id).toBe('MuMu');
    expect(first?.year).toBe(2017);
    expect(first?.introducedDate).toBe('2017-07-16');
    // Its "Source:" link is the paper named in `title`, so the link gives the paper's url.
    const descriptionSource = first?.extra.descriptionSource as { label: string; url: string };
    expect(first?.paperTitle).toBe(descriptionSource.label);
    expect(first?.paperUrl).toBe(descriptionSource.url);
    expect(first?.paperUrl).toMatch(/^https:\/\/arxiv\.org\//);
    expect(first?.variants).toEqual(['MuMu']);
    // Relative Papers with Code links are kept as they are.
    expect(datasets[1]?.paperUrl).toMatch(/^\/paper\//);
    // The paper title is the record's own `title`; the "Source:" link (often another paper) stays in extra.
    expect(datasets.filter((dataset) => dataset.paperTitle !== null)).toHaveLength(2780);
    expect(
      datasets.filter((dataset) => dataset.extra.descriptionSource !== undefined).length,
    ).toBeGreaterThan(2920);
  });

  it('keeps the given year and derives a missing one from the date', () => {
    const datasets = okValues(results);
    expect(datasets.filter((dataset) => dataset.introducedDate !== null)).toHaveLength(1466);
    // Two lines have a date but a null year; the year comes from the date.
    const derived = results.filter((result) => result.ok && result.value.introducedDate !== null);
    expect(derived.length).toBeGreaterThan(0);
    expect(derived.every((result) => result.ok && result.value.year !== null)).toBe(true);
    expect(datasets.filter((dataset) => dataset.year === null)).toHaveLength(879);
  });
});

describe('parseDatasetFile: bad DataFinder lines', () => {
  it('reports each bad line on its own and keeps the good ones', async () => {
    const path = fixturePath('datafinder-bad-records.jsonl');
    const results = await collect(parseDatasetFile(path));
    expect(results.map((result) => [result.where.slice(path.length), result.ok])).toEqual([
      [':1', true],
      [':2', false],
      [':4', false],
      [':5', false],
      [':6', false],
      [':7', true],
    ]);
    const messages = failures(results).map((failure) => failure.error.message);
    expect(messages[0]).toMatch(/line is not valid JSON/);
    expect(messages[1]).toMatch(/field "id" is missing/);
    expect(messages[2]).toMatch(/field "contents" must be a string but is a number/);
    expect(messages[3]).toMatch(/expected a JSON object .* but found an array/);
    for (const failure of failures(results)) {
      expect(failure.error.code).toBe('invalid_input');
      expect(failure.error.fix).toBeTruthy();
    }
    const dateOnly = okValues(results)[1];
    expect(dateOnly?.year).toBe(2015);
    expect(dateOnly?.paperTitle).toBeNull();
  });

  it('reports an empty file as one error', async () => {
    const path = join(temporaryFolder, 'empty.jsonl');
    await writeFile(path, '');
    const results = await collect(parseDatasetFile(path));
    expect(results).toHaveLength(1);
    expect(results[0]?.ok === false && results[0].error.message).toMatch(/file is empty/);
  });

  it('reports a line over maxLineBytes without stopping', async () => {
    const path = join(temporaryFolder, 'long-line.jsonl');
    const good = JSON.stringify({ id: 'Small', contents: 'Short.', variants: [], title: '' });
    const huge = JSON.stringify({
      id: 'Huge',
      contents: 'x'.repeat(5000),
      variants: [],
      title: '',
    });
    await writeFile(path, `${good}\n${huge}\n${good}\n`);
    const results = await collect(parseDatasetFile(path, { maxLineBytes: 1024 }));
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
    expect(results[1]?.where).toBe(`${path}:2`);
    expect(results[1]?.ok === false && results[1].error.message).toMatch(
      /over the limit of 1024 bytes/,
    );
  });

  it('reports a missing file as one error instead of throwing', async () => {
    const results = await collect(parseDatasetFile(join(temporaryFolder, 'absent.jsonl')));
    expect(results).toHaveLength(1);
    expect(results[0]?.ok === false && results[0].error.message).toMatch(/cannot read the file/);
  });
});

describe('parseDatasetFile: Papers with Code datasets.json', () => {
  it('keeps every structured field, unknown fields in extra, and reports bad elements', async () => {
    const path = fixturePath('pwc-datasets.json');
    const results = await collect(parseDatasetFile(path));
    expect(results.map((result) => result.ok)).toEqual([true, true, false, false]);
    const [tinyDigits, toyQa] = okValues(results);
    expect(tinyDigits).toMatchObject({
      id: 'TinyDigits',
      name: 'TinyDigits',
      fullName: 'Tiny Handwritten Digits',
      description: '**TinyDigits** is a made-up set of 1,000 handwritten digits for parser tests.',
      year: 2019,
      introducedDate: '2019-05-20',
      modalities: ['Images'],
      tasks: ['Image Classification', 'Digit Recognition'],
      variants: ['TinyDigits', 'TinyDigits-small'],
      paperTitle: 'TinyDigits: A Made-Up Benchmark',
      paperUrl: 'https://arxiv.org/abs/0000.00001',
      homepage: 'https://example.org/tiny-digits',
      numPapers: 12,
      source: 'pwc',
    });
    expect(tinyDigits?.extra).toMatchObject({
      url: 'https://paperswithcode.com/dataset/tiny-digits',
      license: 'CC BY 4.0',
      data_loaders: [
        { url: 'https://example.org/loader', repo: 'example/loader', frameworks: ['pytorch'] },
      ],
    });
    expect(tinyDigits?.extra.taskDetails).toHaveLength(2);
    expect(toyQa).toMatchObject({
      id: 'ToyQA',
      year: null,
      paperTitle: null,
      languages: ['English', 'German'],
      numPapers: 0,
    });
    expect(results[2]?.where).toBe(`${path}#2`);
    expect(results[2]?.ok === false && results[2].error.message).toMatch(/field "name" is missing/);
    expect(results[3]?.where).toBe(`${path}#3 (BadTasks)`);
    expect(results[3]?.ok === false && results[3].error.message).toMatch(
      /field "tasks" must be a list/,
    );
  });

  it('reports a truncated datasets.json as one error', async () => {
    const path = join(temporaryFolder, 'truncated-datasets.json');
    await writeFile(path, '[{"name": "Cut", "descr');
    const results = await collect(parseDatasetFile(path));
    expect(results).toHaveLength(1);
    expect(results[0]?.ok === false && results[0].error.message).toMatch(/not valid JSON/);
  });
});

describe('parseDatasetFile: the starter catalog', () => {
  it('reads our starter format, with plain task names, size and year', async () => {
    const results = await collect(parseDatasetFile(fixturePath('starter-datasets.jsonl')));
    expect(failures(results)).toEqual([]);
    const [sentiment, speech] = okValues(results);
    expect(sentiment).toMatchObject({
      id: 'toy-sentiment',
      name: 'ToySentiment',
      fullName: 'Toy Sentiment Corpus',
      year: 2020,
      tasks: ['Sentiment Analysis'],
      size: '2,000 sentences',
      paperTitle: 'A Made-Up Sentiment Corpus',
      paperUrl: 'https://example.org/paper',
      numPapers: 3,
      source: 'starter',
      extra: {},
    });
    expect(speech).toMatchObject({
      id: 'toy-speech',
      year: 2018,
      size: null,
      paperTitle: null,
      numPapers: null,
    });
  });
});

describe('parseDatasetFile: the shipped starter catalog', () => {
  const starterCatalog = repositoryPath('data', 'starter', 'datasets.jsonl');
  // The starter catalog is part of the repository: this test never skips.
  it('reads every line of data/starter/datasets.jsonl', async () => {
    const results = await collect(parseDatasetFile(starterCatalog));
    expect(failures(results)).toEqual([]);
    expect(results.length).toBeGreaterThan(0);
    for (const dataset of okValues(results)) {
      expect(dataset.source).toBe('starter');
      expect(dataset.description.length).toBeGreaterThan(0);
    }
  });
});

describe('parseDatasetFile: the 2022 Papers with Code CSV', () => {
  it('reads all 5,719 records, quoted newlines and commas included', async () => {
    const results = await collect(parseDatasetFile(papersWithCodeCsv));
    expect(failures(results)).toEqual([]);
    const datasets = okValues(results);
    expect(datasets).toHaveLength(5719);
    expect(new Set(datasets.map((dataset) => dataset.id)).size).toBe(5719);
    expect(results[0]?.where).toBe(`${papersWithCodeCsv}:2`);
    for (const dataset of datasets) {
      expect(dataset.source).toBe('pwc-csv');
      expect(dataset.extra.owner).toMatch(/^https:\/\/paperswithcode\.com\/dataset\//);
      if (dataset.introducedDate !== null)
        expect(dataset.introducedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (dataset.introducedDate !== null)
        expect(dataset.year).toBe(Number(dataset.introducedDate.slice(0, 4)));
    }
    expect(datasets.filter((dataset) => dataset.fullName !== null).length).toBeGreaterThan(2000);
    expect(
      datasets.filter((dataset) => typeof dataset.extra.subtitle === 'string').length,
    ).toBeGreaterThan(0);
    expect(datasets.some((dataset) => dataset.description.includes('\n'))).toBe(true);
  });

  it('reports a row with the wrong number of fields and reads on', async () => {
    const path = join(temporaryFolder, 'rows.csv');
    await writeFile(
      path,
      'title,description,date\nA,"one, two",01/02/2003\nB,too,many,fields\nC,three,\n',
    );
    const results = await collect(parseDatasetFile(path));
    expect(results.map((result) => result.ok)).toEqual([true, false, true]);
    expect(okValues(results)[0]).toMatchObject({
      id: 'A',
      description: 'one, two',
      introducedDate: '2003-02-01',
      year: 2003,
    });
    expect(results[1]?.where).toBe(`${path}:3`);
  });
});

describe('parseDatasetFile: the Papers with Code archive as Parquet', () => {
  it('reads the rows of a Parquet file whatever its name, reporting the bad row by number', async () => {
    const parquet = fixturePath('..', '..', 'pull', 'fixtures', 'pwc-archive-datasets.parquet');
    const path = join(temporaryFolder, 'archive.data');
    await writeFile(path, await readFile(parquet));
    const results = await collect(parseDatasetFile(path));
    expect(results.length).toBeGreaterThan(1);
    const failed = failures(results);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.where).toMatch(
      new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#\\d+`),
    );
    for (const dataset of okValues(results)) expect(dataset.source).toBe('pwc');
  });
});
