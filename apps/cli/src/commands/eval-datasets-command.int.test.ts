/**
 * `quarry eval datasets` end to end on a small hand-written collection, queries and qrels (not
 * the DataFinder data): the JSON contract, trec_eval -c averaging, the run file, the year filter,
 * both query fields and the BM25 baseline.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import { captureIo } from '../test-support/captured-io.js';

const collection = [
  {
    id: 'Cityscapes',
    contents:
      'Street scenes from 50 cities with pixel-level semantic segmentation labels for urban scene understanding.',
    variants: ['Cityscapes'],
    title: 'The Cityscapes Dataset',
    year: 2016,
  },
  {
    id: 'WMT 2014',
    contents: 'Parallel news text for machine translation between English and German.',
    variants: ['WMT 2014', 'WMT14'],
    title: 'Findings of the 2014 Workshop on Statistical Machine Translation',
    year: 2014,
  },
  {
    id: 'NetArch',
    contents:
      'Trained neural network architectures with attention mechanisms and convolutional layers for novel architecture search methods.',
    variants: ['NetArch'],
    title: 'NetArch',
    year: 2013,
  },
  {
    id: 'SegFuture',
    contents: 'Semantic segmentation of street scenes, released later.',
    variants: ['SegFuture'],
    title: 'SegFuture',
    year: 2021,
  },
];

const queries = [
  {
    id: 'We_want_semantic_segmentation_of_street_scenes',
    query: 'We want semantic segmentation of street scenes',
    keyphrase_query: 'semantic segmentation street scenes',
    year: 2017,
    task: 'ignored by eval datasets',
  },
  {
    query: 'We propose a novel attention network architecture for machine translation',
    keyphrase_query: 'machine translation text',
    year: 2018,
  },
  {
    query: 'A study of a dataset nobody indexed',
    keyphrase_query: 'unindexed dataset',
    year: 2019,
  },
];

const qrels = [
  'We_want_semantic_segmentation_of_street_scenes Q0 Cityscapes 1',
  'We_propose_a_novel_attention_network_architecture_for_machine_translation Q0 WMT_2014 1',
  'A_study_of_a_dataset_nobody_indexed Q0 Missing_Set 1',
].join('\n');

async function quarry(argv: string[]) {
  const io = captureIo({ QUARRY_SHARED_DATA: tmpdir() });
  const exitCode = await run({ argv, io });
  return { exitCode, io };
}

describe('quarry eval datasets', () => {
  let folder: string;
  let files: string[];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quarry-eval-test-'));
    const write = async (name: string, text: string) => {
      await writeFile(join(folder, name), text);
      return join(folder, name);
    };
    files = [
      '--collection',
      await write(
        'collection.jsonl',
        collection.map((record) => JSON.stringify(record)).join('\n'),
      ),
      '--queries',
      await write('queries.jsonl', queries.map((record) => JSON.stringify(record)).join('\n')),
      '--qrels',
      await write('test.qrels', `${qrels}\n`),
      '--model',
      'none',
      '--citances',
      'none',
      '--usage-texts',
      'none',
    ];
  });

  it('prints the DataFinder metrics, averaged over every judged query', async () => {
    const runFile = join(folder, 'quarry.run');
    const { exitCode, io } = await quarry([
      'eval',
      'datasets',
      ...files,
      '--run-out',
      runFile,
      '--bootstrap',
      '20',
      '--json',
    ]);
    expect(exitCode).toBe(0);
    // Two of three queries find their one gold dataset at rank 1; the third's is not indexed.
    expect(io.lastJson()).toMatchObject({
      benchmark: 'datafinder',
      field: 'query',
      queries: 3,
      'P@5': 13.3,
      'R@5': 66.7,
      MAP: 66.7,
      MRR: 66.7,
      std: { MRR: expect.any(Number) as number },
      recall_by_popularity: { '1': { datasets: 3, pairs: 3, 'R@5': 66.7 } },
    });
    const lines = (await readFile(runFile, 'utf8')).trim().split('\n');
    for (const line of lines) expect(line.split(' ')).toHaveLength(6);
    expect(lines).toContainEqual(expect.stringMatching(/^We_propose\S+ Q0 WMT_2014 1 /u));
    // The year filter: SegFuture (2021) is never ranked for the 2017 query.
    expect(lines.filter((line) => line.startsWith('We_want'))).not.toContainEqual(
      expect.stringContaining('SegFuture'),
    );
    expect(io.err.join('')).toMatch(/4 datasets ingested/u);
  });

  it('ranks keyphrase queries and runs the BM25 baseline', async () => {
    const keyphrase = await quarry([
      'eval',
      'datasets',
      ...files,
      '--field',
      'keyphrase_query',
      '--json',
    ]);
    expect(keyphrase.io.lastJson()).toMatchObject({
      field: 'keyphrase_query',
      queries: 3,
      MRR: 66.7,
    });
    const baseline = await quarry(['eval', 'datasets', ...files, '--baseline', 'bm25', '--json']);
    expect(baseline.exitCode).toBe(0);
    // Plain BM25 puts the method-word dataset first for the long machine translation query.
    expect(baseline.io.lastJson()).toMatchObject({ system: 'bm25', queries: 3 });
    expect(baseline.io.lastJson().MRR).toBeLessThan(66.7);
  });

  it('rejects an unknown field with a usage error', async () => {
    const { exitCode, io } = await quarry(['eval', 'datasets', ...files, '--field', 'task']);
    expect(exitCode).toBe(65);
    expect(io.err.join('')).toMatch(/--field must be one of query, keyphrase_query/u);
  });
});
