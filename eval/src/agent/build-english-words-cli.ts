/**
 * @module Command-line entry of the English-words generator:
 *   node eval/dist/agent/build-english-words-cli.js [--check] [--catalog FILE] [--out FILE]
 *     [--min-texts N]
 * writes the agent's data/english-words.tsv from the shipped catalog, or with --check proves the
 * file matches what the generator makes now (exit 1 when it does not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { repositoryPath } from '@quarry/testing';
import { catalogRecordTexts, englishWordsTable } from './build-english-words.js';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    catalog: { type: 'string', default: repositoryPath('data', 'catalog', 'datasets.jsonl.gz') },
    out: {
      type: 'string',
      default: repositoryPath('packages', 'agent', 'data', 'english-words.tsv'),
    },
    'min-texts': { type: 'string', default: '3' },
  },
});

const texts = catalogRecordTexts(values.catalog);
const table = englishWordsTable({ texts, minTexts: Number(values['min-texts']) });
const words = table.split('\n').length - 2;
if (values.check) {
  const same = readFileSync(values.out, 'utf8') === table;
  console.error(`${values.out}: ${same ? 'matches its generator' : 'differs from the generator'}`);
  if (!same) process.exitCode = 1;
} else {
  writeFileSync(values.out, table);
  console.error(`${texts.length} catalog records -> ${words} words -> ${values.out}`);
}
