/**
 * @module Writes the fine-tuning pairs (dataset-pairs.ts) as JSON Lines:
 *   node eval/dist/encoder/finetune/dataset-pairs-cli.js --out FILE --passages FILE [--catalog FILE]
 * The catalog is the shipped one (data/catalog/datasets.jsonl.gz); the citances and unlabeled
 * research descriptions are read from the shared data folder. --passages receives every catalog
 * dataset's dense passage (`{datasetId, passage}` lines), the candidates validation ranks. Both
 * files are gzip. Prints the count per source.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import type { Dataset } from '@quarry/core';
import { parseDatasetFile } from '@quarry/ingest';
import { citancesFromRecord } from '@quarry/recommender';
import { repositoryPath, sharedDataPath } from '@quarry/testing';
import { readJsonLines, readLines } from '../../recommender/text-lines.js';
import { datasetPairSources, datasetPairs, datasetPassage } from './dataset-pairs.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    passages: { type: 'string' },
    catalog: { type: 'string', default: repositoryPath('data', 'catalog', 'datasets.jsonl.gz') },
  },
});
if (values.out === undefined || values.passages === undefined) {
  throw new Error('--out FILE and --passages FILE are required');
}

const datasets: Dataset[] = [];
for await (const result of parseDatasetFile(values.catalog)) {
  if (result.ok) datasets.push(result.value);
}
const citances = readJsonLines(sharedDataPath('datafinder/dataset_citances.jsonl')).map(
  ({ value }, index) => citancesFromRecord(value, `citances:${index + 1}`),
);
const researchTexts = readLines(sharedDataPath('datafinder/train_queries_unlabeled.txt'));
const pairs = datasetPairs({ datasets, citances, researchTexts });
const lines = (rows: readonly object[]) =>
  gzipSync(rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
writeFileSync(values.out, lines(pairs));
writeFileSync(
  values.passages,
  lines(datasets.map((dataset) => ({ datasetId: dataset.id, passage: datasetPassage(dataset) }))),
);
const counts = datasetPairSources.map(
  (source) => `${source} ${pairs.filter((pair) => pair.source === source).length}`,
);
console.error(
  `${datasets.length} datasets -> ${pairs.length} pairs (${counts.join(', ')}) -> ${values.out}`,
);
