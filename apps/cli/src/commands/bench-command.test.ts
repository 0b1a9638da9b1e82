import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCatalogFiles } from './bench-command.js';

describe('benchCatalogFiles', () => {
  let shared: string;
  beforeAll(async () => {
    shared = await mkdtemp(join(tmpdir(), 'quarry-bench-catalog-'));
  });
  afterAll(async () => {
    await rm(shared, { recursive: true, force: true });
  });

  it('takes repeated and comma-separated --catalog files, and --collection', () => {
    expect(
      benchCatalogFiles({ catalogs: ['a.jsonl,b.csv', ' c.json '], collection: 'd.jsonl', shared }),
    ).toEqual(['a.jsonl', 'b.csv', 'c.json', 'd.jsonl']);
  });

  it('defaults to the DataFinder collection, plus the 2022 CSV when it is there', async () => {
    const collection = join(shared, 'datafinder', 'dataset_collection.jsonl');
    expect(benchCatalogFiles({ catalogs: [], collection: undefined, shared })).toEqual([
      collection,
    ]);
    await mkdir(join(shared, 'pwc'));
    await writeFile(join(shared, 'pwc', 'pwc_datasets_2022.csv'), 'title,description\n');
    expect(benchCatalogFiles({ catalogs: [], collection: undefined, shared })).toEqual([
      collection,
      join(shared, 'pwc', 'pwc_datasets_2022.csv'),
    ]);
  });
});
