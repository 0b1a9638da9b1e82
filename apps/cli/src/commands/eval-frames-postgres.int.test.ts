/**
 * `quarry eval answers --db postgres://…` and `quarry eval inpaper --db postgres://…` on real
 * PostgreSQL (QUARRY_TEST_POSTGRES_URL; required in CI): a small SQuAD-shaped file and a SciREX-shaped
 * papers folder, written here, are ranked with the shipped model on the embedded memory backend and
 * on the PostgreSQL backend, with the same ranks question by question and the same JSON but for
 * `backend`; the throw-away database is gone afterwards, also when the run fails, and the database
 * the URL names is left empty.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Embedder } from '@quarry/core';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { runInPaperBenchmark, runReqaBenchmark, throwawayDatabasePrefix } from '@quarry/eval';
import { createPostgresClient } from '@quarry/store';
import {
  postgresRequired,
  postgresTestUrl,
  scirexDocument,
  throwawayPostgres,
} from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import { captureIo } from '../test-support/captured-io.js';

function squadParagraph(context: string, questions: [string, string][]) {
  return {
    context,
    qas: questions.map(([question, answer], position) => ({
      id: `${answer}-${position}`,
      question,
      answers: [{ answer_start: context.indexOf(answer), text: answer }],
    })),
  };
}

const squad = {
  version: '1.1',
  data: [
    {
      title: 'Delta',
      paragraphs: [
        squadParagraph(
          'The river delta floods every spring. Farmers plant rice after the water recedes. The harvest comes in October.',
          [
            ['When does the delta flood?', 'every spring'],
            ['What do farmers plant?', 'rice'],
            ['In which month is the harvest?', 'October'],
          ],
        ),
        squadParagraph(
          'Fishing boats leave the harbour before dawn. Most of the catch is sold at the market in the old town.',
          [
            ['When do the boats leave?', 'before dawn'],
            ['Where is the catch sold?', 'market'],
          ],
        ),
      ],
    },
    {
      title: 'Observatory',
      paragraphs: [
        squadParagraph(
          'The observatory was built on the mountain in 1931. Its main telescope has a mirror of two metres. Astronomers found a comet there in 1954.',
          [
            ['When was the observatory built?', '1931'],
            ['How large is the mirror?', 'two metres'],
            ['What did astronomers find?', 'a comet'],
          ],
        ),
      ],
    },
  ],
};

const papers = [
  scirexDocument('toy-segmentation', [
    ['document : Toy Segmentation', 'We propose a tiny network for street scene segmentation .'],
    [
      'section : Experiments',
      'We use a learning rate of 0.01 and train for ten epochs .',
      'The model reaches 70 % mean IoU on Cityscapes .',
      'Training takes two hours on one GPU .',
    ],
  ]),
  scirexDocument('toy-translation', [
    ['document : Toy Translation', 'We translate English to German with a small transformer .'],
    [
      'section : Results',
      'The model obtains 27 BLEU on WMT 2014 .',
      'We use beam search with a beam of four .',
    ],
  ]),
];
const inPaperQuestions = [
  { paper_id: 'toy-segmentation', question: 'What learning rate is used?', gold_sentence_ids: [3] },
  {
    paper_id: 'toy-segmentation',
    question: 'How good is the segmentation quality?',
    gold_sentence_ids: [4],
  },
  {
    paper_id: 'toy-segmentation',
    question: 'How long does training take?',
    gold_sentence_ids: [5],
  },
  { paper_id: 'toy-translation', question: 'How many BLEU points?', gold_sentence_ids: [3] },
  { paper_id: 'toy-translation', question: 'Which decoding is used?', gold_sentence_ids: [4] },
];

// A test, not a hook: a failing hook would only mark the tests below skipped.
it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe('--db validation', () => {
  it('refuses a --db that is not a postgres:// URL, and --db with the BM25 baseline', async () => {
    const notUrl = captureIo();
    expect(
      await run({
        argv: ['eval', 'answers', '--squad', 'x.json', '--db', '/tmp/folder', '--json'],
        io: notUrl,
      }),
    ).toBe(65);
    expect(notUrl.err.join('')).toContain('--db must be a postgres:// URL');
    const baseline = captureIo();
    expect(
      await run({
        argv: [
          'eval',
          'inpaper',
          '--papers',
          'p',
          '--questions',
          'q.jsonl',
          '--baseline',
          'bm25',
          '--db',
          'postgres://postgres@127.0.0.1:1/postgres',
        ],
        io: baseline,
      }),
    ).toBe(65);
    expect(baseline.err.join('')).toContain('the BM25 baseline runs in memory only');
  });
});

describe.skipIf(!postgresRequired && !postgresTestUrl)('frame benchmarks on PostgreSQL', () => {
  const databases = throwawayPostgres(postgresTestUrl ?? '', 'quarry_cli_eval_test');
  let folder = '';
  let squadFile = '';
  let papersDirectory = '';
  let questionsFile = '';
  /** The URL given to --db: a database of its own, which must stay empty. */
  let serverUrl = '';
  let embedder: Embedder;

  async function adminQuery<Row>(sql: string, url = postgresTestUrl ?? ''): Promise<Row[]> {
    const client = await createPostgresClient({ connectionString: url, maxConnections: 1 });
    try {
      return (await client.query<Row>(sql)).rows;
    } finally {
      await client.close();
    }
  }
  const throwawayDatabases = async () =>
    (
      await adminQuery<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, '${throwawayDatabasePrefix}')`,
      )
    ).map((row) => row.datname);
  const tablesInServerDatabase = async () =>
    (
      await adminQuery<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'`,
        serverUrl,
      )
    )[0]?.tables;

  beforeAll(async () => {
    if (!postgresTestUrl) return;
    folder = await mkdtemp(join(tmpdir(), 'quarry-eval-postgres-'));
    squadFile = join(folder, 'squad.json');
    papersDirectory = join(folder, 'papers');
    questionsFile = join(folder, 'questions.jsonl');
    await mkdir(papersDirectory);
    await writeFile(squadFile, JSON.stringify(squad));
    for (const paper of papers)
      await writeFile(join(papersDirectory, `${String(paper.doc_id)}.json`), JSON.stringify(paper));
    await writeFile(
      questionsFile,
      inPaperQuestions.map((question) => JSON.stringify(question)).join('\n'),
    );
    serverUrl = await databases.create();
    ({ embedder } = await loadEmbedder({
      spec: 'default',
      modelsDir: shippedModelsDirectory(),
      cacheDir: join(folder, 'models'),
    }));
  });

  afterAll(async () => {
    await databases.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  async function evalJson(argv: string[]): Promise<Record<string, unknown>> {
    const io = captureIo({ QUARRY_MODEL_CACHE: join(folder, 'models') });
    const code = await run({ argv: [...argv, '--model', 'default', '--json'], io });
    expect(code, io.err.join('')).toBe(0);
    return io.lastJson();
  }

  it('ReQA: the same ranks, question by question, on both backends', async () => {
    const before = await throwawayDatabases();
    const memory = await runReqaBenchmark({ squadFile, system: 'hybrid', embedder });
    const postgres = await runReqaBenchmark({
      squadFile,
      system: 'hybrid',
      embedder,
      postgresServer: serverUrl,
    });
    expect(memory.backend).toBe('memory');
    expect(postgres.backend).toBe('postgres');
    expect(memory.ranks).toHaveLength(8);
    expect(memory.ranks.filter((rank) => rank !== null).length).toBeGreaterThan(4);
    expect(postgres.ranks).toEqual(memory.ranks);
    expect(await throwawayDatabases()).toEqual(before);
    expect(await tablesInServerDatabase()).toBe(0);
  });

  it('in-paper: the same ranks, question by question, on both backends', async () => {
    const before = await throwawayDatabases();
    const options = { papersDirectory, questionsFile, system: 'hybrid', embedder } as const;
    const memory = await runInPaperBenchmark(options);
    const postgres = await runInPaperBenchmark({ ...options, postgresServer: serverUrl });
    expect(memory.ranks).toHaveLength(5);
    expect(memory.ranks.every((rank) => rank !== null)).toBe(true);
    expect(postgres.ranks).toEqual(memory.ranks);
    expect(postgres.backend).toBe('postgres');
    expect(await throwawayDatabases()).toEqual(before);
    expect(await tablesInServerDatabase()).toBe(0);
  });

  it('the CLI prints the same JSON with --db but for the backend, and drops its database', async () => {
    const before = await throwawayDatabases();
    const answers = ['eval', 'answers', '--squad', squadFile];
    const answersMemory = await evalJson(answers);
    const answersPostgres = await evalJson([...answers, '--db', serverUrl]);
    expect(answersMemory).toMatchObject({ benchmark: 'reqa-squad', backend: 'memory' });
    expect(answersPostgres).toEqual({ ...answersMemory, backend: 'postgres' });

    const inPaper = ['eval', 'inpaper', '--papers', papersDirectory, '--questions', questionsFile];
    const inPaperMemory = await evalJson(inPaper);
    const inPaperPostgres = await evalJson([...inPaper, '--db', serverUrl]);
    expect(inPaperMemory).toMatchObject({ benchmark: 'inpaper', questions: 5, backend: 'memory' });
    expect(inPaperPostgres).toEqual({ ...inPaperMemory, backend: 'postgres' });
    expect(await throwawayDatabases()).toEqual(before);
    expect(await tablesInServerDatabase()).toBe(0);
  });

  it('drops its database when the run fails after indexing', async () => {
    const before = await throwawayDatabases();
    const io = captureIo({ QUARRY_MODEL_CACHE: join(folder, 'models') });
    // The PostgreSQL backend refuses a question BM25 channel, after the papers were indexed.
    const code = await run({
      argv: [
        'eval',
        'inpaper',
        '--papers',
        papersDirectory,
        '--questions',
        questionsFile,
        '--model',
        'default',
        '--question-lexical-weight',
        '0.5',
        '--db',
        serverUrl,
      ],
      io,
    });
    expect(code).toBe(65);
    expect(io.err.join('')).toContain('no question BM25 channel');
    expect(await throwawayDatabases()).toEqual(before);
    expect(await tablesInServerDatabase()).toBe(0);
  });
});
