/**
 * `quarry eval answers`, `quarry eval inpaper`, `quarry index` and `quarry export annotations` end
 * to end on small hand-written SQuAD and SciREX-shaped files (not the benchmark data), with the
 * BM25 baselines and with a real ONNX model (the tiny Model2Vec loader fixture from shared data).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import { scirexDocument } from '@quarry/testing';
import { run } from '../main.js';
import { captureIo } from '../test-support/captured-io.js';
import { sharedDataPath } from '../test-support/shared-data.js';

const paragraph =
  'The river delta floods every spring. Farmers plant rice after the water recedes. The harvest comes in October.';
const squad = {
  version: '1.1',
  data: [
    {
      title: 'Delta',
      paragraphs: [
        {
          context: paragraph,
          qas: [
            {
              id: 'a',
              question: 'When does the delta flood?',
              answers: [{ answer_start: 0, text: 'every spring' }],
            },
            {
              id: 'b',
              question: 'What do farmers plant?',
              answers: [{ answer_start: paragraph.indexOf('rice'), text: 'rice' }],
            },
            {
              id: 'c',
              question: 'In which month is the harvest?',
              answers: [{ answer_start: paragraph.indexOf('October'), text: 'October' }],
            },
          ],
        },
      ],
    },
  ],
};

const paper = scirexDocument('toy-paper', [
  ['document : Toy Segmentation', 'We propose a tiny network for street scene segmentation .'],
  [
    'section : Experiments',
    'We use a learning rate of 0.01 and train for ten epochs .',
    'The model reaches 70 % mean IoU on Cityscapes .',
  ],
]);
const inPaperQuestions = [
  { paper_id: 'toy-paper', question: 'What learning rate is used?', gold_sentence_ids: [3] },
  {
    paper_id: 'toy-paper',
    question: 'How good is the segmentation quality?',
    gold_sentence_ids: [4],
  },
];

describe('frame commands', () => {
  let directory: string;
  let squadFile: string;
  let papersDirectory: string;
  let questionsFile: string;
  const fixtureModel = sharedDataPath('models', 'm2v-tiny-fixture');
  const environment = () => ({ QUARRY_DB: join(directory, 'db') });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quarry-frame-commands-'));
    squadFile = join(directory, 'squad.json');
    papersDirectory = join(directory, 'papers');
    questionsFile = join(directory, 'questions.jsonl');
    await mkdir(papersDirectory);
    await writeFile(squadFile, JSON.stringify(squad));
    await writeFile(join(papersDirectory, 'toy-paper.json'), JSON.stringify(paper));
    await writeFile(
      questionsFile,
      inPaperQuestions.map((question) => JSON.stringify(question)).join('\n'),
    );
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('eval answers prints the ReQA JSON line for the BM25 baseline and the hybrid', async () => {
    const baseline = captureIo(environment());
    expect(
      await run({
        argv: ['eval', 'answers', '--squad', squadFile, '--baseline', 'bm25', '--json'],
        io: baseline,
      }),
    ).toBe(0);
    expect(baseline.lastJson()).toMatchObject({
      benchmark: 'reqa-squad',
      sentences: 3,
      questions: 3,
      system: 'bm25',
    });
    const hybrid = captureIo(environment());
    expect(
      await run({
        argv: ['eval', 'answers', '--squad', squadFile, '--model', fixtureModel, '--json'],
        io: hybrid,
      }),
    ).toBe(0);
    const result = hybrid.lastJson();
    expect(Object.keys(result).slice(0, 7)).toEqual([
      'benchmark',
      'sentences',
      'questions',
      'MRR',
      'R@1',
      'R@5',
      'R@10',
    ]);
    expect(result).toMatchObject({ system: 'hybrid', 'R@5': 100 });
    expect(hybrid.err.join('')).toContain('indexed 3 frames');
  });

  it('eval inpaper prints MRR and R@3, split into lexical and paraphrased questions', async () => {
    const io = captureIo(environment());
    const argv = [
      'eval',
      'inpaper',
      '--papers',
      papersDirectory,
      '--questions',
      questionsFile,
      '--json',
    ];
    expect(await run({ argv: [...argv, '--model', fixtureModel], io })).toBe(0);
    const result = io.lastJson();
    expect(result).toMatchObject({
      benchmark: 'inpaper',
      questions: 2,
      system: 'hybrid',
      papers: 1,
    });
    expect(result.lexical).toMatchObject({ questions: 1 });
    expect(result.paraphrased).toMatchObject({ questions: 1 });
    const baseline = captureIo(environment());
    expect(await run({ argv: [...argv, '--baseline', 'bm25'], io: baseline })).toBe(0);
    expect(baseline.lastJson()).toMatchObject({ system: 'bm25', lexical: { MRR: 100 } });
  });

  it('rejects a missing file argument with a usage error', async () => {
    const io = captureIo(environment());
    expect(await run({ argv: ['eval', 'answers', '--json'], io })).toBe(65);
    expect(io.err.join('')).toContain('--squad is required');
  });

  it('indexes a database, then exports its annotations as SQuAD JSON', async () => {
    const database = join(directory, 'product-db');
    expect(
      await run({
        argv: ['ingest', 'papers', papersDirectory, '--db', database],
        io: captureIo(environment()),
      }),
    ).toBe(0);
    const indexIo = captureIo(environment());
    expect(
      await run({
        argv: ['index', '--db', database, '--model', fixtureModel, '--json'],
        io: indexIo,
      }),
    ).toBe(0);
    expect(indexIo.lastJson()).toMatchObject({ frames: 5, embedded_frames: 5 });

    const store = await openStore({ location: database });
    const text = (await store.papers.get('toy-paper'))?.text ?? '';
    const start = text.indexOf('0.01');
    await store.annotations.add({
      paperId: 'toy-paper',
      question: 'Which step size?',
      charStart: start,
      charEnd: start + 4,
    });
    await store.close();

    const out = join(directory, 'annotations.json');
    const exportIo = captureIo(environment());
    expect(
      await run({
        argv: ['export', 'annotations', '--db', database, '--out', out, '--json'],
        io: exportIo,
      }),
    ).toBe(0);
    expect(exportIo.lastJson()).toEqual({ annotations: 1, papers: 1, out });
    const exported = JSON.parse(await readFile(out, 'utf8')) as {
      data: {
        paragraphs: {
          context: string;
          qas: { answers: { answer_start: number; text: string }[] }[];
        }[];
      }[];
    };
    const exportedParagraph = exported.data[0]?.paragraphs[0];
    const answer = exportedParagraph?.qas[0]?.answers[0];
    expect(answer?.text).toBe('0.01');
    expect(
      exportedParagraph?.context.slice(answer?.answer_start, (answer?.answer_start ?? 0) + 4),
    ).toBe('0.01');
  });

  it('reindex with another model drops the old vectors instead of mixing them', async () => {
    const database = join(directory, 'product-db');
    const reindexIo = captureIo(environment());
    expect(
      await run({
        argv: ['reindex', '--db', database, '--model', 'default', '--json'],
        io: reindexIo,
      }),
    ).toBe(0);
    expect(reindexIo.lastJson()).toMatchObject({ frames: 5, embedded_frames: 5 });
    expect(reindexIo.err.join('')).toMatch(/removed [1-9]\d* vectors of other models/);
    const store = await openStore({ location: database });
    const models = new Set((await store.vectors.counts()).map((count) => count.model));
    await store.close();
    expect([...models]).toHaveLength(1);
    expect([...models][0]).toMatch(/^e5-small-v2-q@/);
    // Resumable: a second run finds every vector of the model stored and embeds nothing.
    const againIo = captureIo(environment());
    expect(
      await run({
        argv: ['reindex', '--db', database, '--model', 'default', '--json'],
        io: againIo,
      }),
    ).toBe(0);
    expect(againIo.lastJson()).toMatchObject({ frames: 5, embedded_frames: 0 });
  });
});
