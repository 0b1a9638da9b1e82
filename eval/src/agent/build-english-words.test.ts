import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '@quarry/testing';
import {
  catalogRecordTexts,
  englishWordsHeader,
  englishWordsTable,
} from './build-english-words.js';

describe('englishWordsTable', () => {
  it('counts a word once per text and keeps those used by enough texts', () => {
    const table = englishWordsTable({
      texts: [
        'Hyperspectral images, hyperspectral bands.',
        'A hyperspectral scene',
        'aerial images',
      ],
      minTexts: 2,
    });
    expect(table).toBe(`${englishWordsHeader}\nhyperspectral\t2\nimages\t2\n`);
  });
});

describe('catalogRecordTexts', () => {
  it('reads names, variants, tasks and descriptions of a gzip catalog, and names a bad line', () => {
    const directory = mkdtempSync(join(tmpdir(), 'english-words-'));
    const file = join(directory, 'catalog.jsonl.gz');
    const record = {
      name: 'Pavia University',
      variants: ['PaviaU'],
      tasks: ['Hyperspectral Image Classification'],
      description: 'ROSIS sensor',
      year: 2002,
    };
    writeFileSync(file, gzipSync(`${JSON.stringify(record)}\n`));
    expect(catalogRecordTexts(file)).toEqual([
      'Pavia University\nPaviaU\nHyperspectral Image Classification\nROSIS sensor',
    ]);
    const bad = join(directory, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify(record)}\n{oops\n`);
    expect(() => catalogRecordTexts(bad)).toThrow(/line is not JSON/u);
  });
});

describe('the shipped English words table', () => {
  it('is what the generator makes from the shipped catalog', () => {
    const texts = catalogRecordTexts(repositoryPath('data', 'catalog', 'datasets.jsonl.gz'));
    const shipped = readFileSync(
      repositoryPath('packages', 'agent', 'data', 'english-words.tsv'),
      'utf8',
    );
    expect(englishWordsTable({ texts, minTexts: 3 })).toBe(shipped);
  });
});
