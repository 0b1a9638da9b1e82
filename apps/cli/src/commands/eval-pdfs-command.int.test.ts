/**
 * `quarry eval pdfs` end to end on a folder built here: two small PDFs written by buildMinimalPdf
 * (one with a word hyphenated across a line), one file that is not a PDF at all, and their
 * questions and reference sentences. Runs the BM25 baseline and the hybrid with the shipped model,
 * and the hybrid on PostgreSQL (QUARRY_TEST_POSTGRES_URL; required in CI) with the same ranks.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildMinimalPdf,
  postgresRequired,
  postgresTestUrl,
  throwawayPostgres,
} from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import { captureIo } from '../test-support/captured-io.js';

const rivers = buildMinimalPdf({
  title: 'Floods and Harvests in a River Delta',
  pages: [
    [
      'Floods and Harvests in a River Delta',
      '',
      'Abstract',
      'We study how a river delta floods and what farmers grow there.',
      '',
      '1 Introduction',
      'Farmers plant rice after the water recedes. The harvest',
      'comes in October. The model was trained with a learn-',
      'ing rate of 0.01 on ten years of records.',
    ],
  ],
});
const graphs = buildMinimalPdf({
  title: 'Sparse Knowledge Graphs',
  pages: [
    [
      'Sparse Knowledge Graphs',
      '',
      'Abstract',
      'Our first experiment uses the Freebase graph with fifteen thousand entities.',
      'Embeddings degrade "quickly" when relations become sparse.',
    ],
  ],
});

const questions = [
  {
    file: 'rivers.pdf',
    question: 'When do farmers plant rice?',
    kind: 'lexical',
    answers: ['Farmers plant rice after the water recedes.'],
  },
  {
    file: 'rivers.pdf',
    question: 'Which learning rate was used for training?',
    kind: 'lexical',
    // Hyphenated at a line end in the PDF ("learn-" / "ing"): rejoined at extraction.
    answers: ['The model was trained with a learning rate of 0.01 on ten years of records.'],
  },
  {
    file: 'graphs.pdf',
    question: 'Which graph does the first experiment use?',
    kind: 'paraphrase',
    // Ligatures in the gold string; the PDF has plain letters.
    answers: ['Our ﬁrst experiment uses the Freebase graph with ﬁfteen thousand entities.'],
  },
  {
    file: 'broken.pdf',
    question: 'What does the broken file say?',
    kind: 'paraphrase',
    answers: ['Nothing at all.'],
  },
];
const references = [
  { file: 'rivers.pdf', sentence: 'The harvest comes in October.' },
  {
    file: 'rivers.pdf',
    sentence: 'We study how a river delta floods and what farmers grow there.',
  },
  {
    file: 'rivers.pdf',
    sentence: 'The model was trained with a learning rate of 0.01 on ten years of records.',
  },
  // Curly quotes in the gold string, straight ones in the PDF.
  { file: 'graphs.pdf', sentence: 'Embeddings degrade “quickly” when relations become sparse.' },
];

function jsonLines(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join('\n');
}

describe('quarry eval pdfs', () => {
  let directory: string;
  let folder: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quarry-eval-pdfs-'));
    folder = join(directory, 'set');
    await mkdir(folder);
    await writeFile(join(folder, 'rivers.pdf'), rivers);
    await writeFile(join(folder, 'graphs.pdf'), graphs);
    await writeFile(join(folder, 'broken.pdf'), '%PDF-1.4\nthis is not a PDF body\n');
    await writeFile(join(folder, 'questions.jsonl'), jsonLines(questions));
    await writeFile(join(folder, 'reference-sentences.jsonl'), jsonLines(references));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('BM25 baseline: ingests what it can, lists the failure, and scores hits and text fidelity', async () => {
    const dump = join(directory, 'bm25-dump.jsonl');
    const io = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
    const code = await run({
      argv: ['eval', 'pdfs', '--dir', folder, '--baseline', 'bm25', '--json', '--dump', dump],
      io,
    });
    expect(code).toBe(0);
    const result = io.lastJson();
    expect(Object.keys(result).slice(0, 10)).toEqual([
      'benchmark',
      'pdfs',
      'ingested',
      'errors',
      'exact_reference_pct',
      'broken_words_per_1k_sentences',
      'MRR',
      'hit@1',
      'lexical',
      'paraphrased',
    ]);
    expect(result).toMatchObject({
      benchmark: 'pdfs',
      pdfs: 3,
      ingested: 2,
      errors: [{ file: 'broken.pdf', reason: expect.stringMatching(/PDF/) as unknown }],
      // All four references come out intact, the line-end hyphen rejoined.
      exact_reference_pct: 100,
      system: 'bm25',
      backend: null,
      model: null,
      questions: 4,
      // Only the broken file's answer is not stored.
      answers_stored_pct: 75,
      ranks: [1, 1, 1, null],
      MRR: 75,
      'hit@1': 75,
      lexical: { questions: 2, MRR: 100, 'hit@1': 100 },
      paraphrased: { questions: 2, MRR: 50, 'hit@1': 50 },
    });
    const storedSentences = result.stored_sentences as number;
    expect(storedSentences).toBeGreaterThan(5);
    expect(result.broken_words_per_1k_sentences).toBe(0);
    expect(io.err.join('')).toMatch(/error: broken\.pdf: /);

    const lines = (await readFile(dump, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(first).toMatchObject({
      file: 'rivers.pdf',
      question: 'When do farmers plant rice?',
      kind: 'lexical',
      rank: 1,
      answers: ['Farmers plant rice after the water recedes.'],
    });
    const hits = first.hits as Record<string, unknown>[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(10);
    expect(hits[0]).toMatchObject({ rank: 1, is_answer: true, cosine: null });
    expect(Object.keys(hits[0] ?? {})).toEqual(
      expect.arrayContaining(['score', 'cosine', 'lexical', 'text']),
    );
    const last = JSON.parse(lines[3] ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ file: 'broken.pdf', rank: null, paper_ingested: false, hits: [] });
  });

  it('hybrid with the shipped model: in-paper search in question mode, top 10', async () => {
    const dump = join(directory, 'hybrid-dump.jsonl');
    const io = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
    const unanswerable = join(directory, 'unanswerable.jsonl');
    await writeFile(
      unanswerable,
      `${JSON.stringify({ file: 'rivers.pdf', question: 'Which telescope observed the comet?' })}\n`,
    );
    expect(
      await run({
        argv: ['eval', 'pdfs', '--dir', folder, '--json', '--dump', dump],
        io,
      }),
    ).toBe(0);
    const withUnanswerable = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
    expect(
      await run({
        argv: ['eval', 'pdfs', '--dir', folder, '--json', '--unanswerable', unanswerable],
        io: withUnanswerable,
      }),
    ).toBe(0);
    // Nothing in the rivers paper is about telescopes: the search says no sentence clearly answers.
    expect(withUnanswerable.lastJson()).toMatchObject({
      unanswerable: { questions: 1, no_clear_answer_pct: 100 },
    });
    const result = io.lastJson();
    expect(result).toMatchObject({
      benchmark: 'pdfs',
      pdfs: 3,
      ingested: 2,
      exact_reference_pct: 100,
      system: 'hybrid',
      backend: 'memory',
      questions: 4,
      answers_stored_pct: 75,
    });
    expect(typeof result.model).toBe('string');
    const ranks = result.ranks as (number | null)[];
    expect(ranks).toHaveLength(4);
    // The rejoined word's answer is found; the broken file was never ingested.
    expect(ranks[1]).not.toBeNull();
    expect(ranks[3]).toBeNull();
    expect(ranks[0]).toBe(1);
    const first = JSON.parse((await readFile(dump, 'utf8')).split('\n')[0] ?? '{}') as {
      hits: { score: number; cosine: number; lexical: number }[];
    };
    expect(first.hits.length).toBeGreaterThan(0);
    expect(typeof first.hits[0]?.cosine).toBe('number');
  });

  it('refuses a missing --dir and a folder with neither questions nor reference sentences', async () => {
    const io = captureIo();
    expect(await run({ argv: ['eval', 'pdfs', '--json'], io })).not.toBe(0);
    const empty = await mkdtemp(join(directory, 'empty-'));
    const emptyIo = captureIo();
    expect(
      await run({ argv: ['eval', 'pdfs', '--dir', empty, '--baseline', 'bm25'], io: emptyIo }),
    ).not.toBe(0);
    expect(emptyIo.err.join('')).toMatch(/reference.sentences/);
  });

  it('measures text fidelity only, with no model, for a folder without questions', async () => {
    const fidelityOnly = await mkdtemp(join(directory, 'fidelity-'));
    await writeFile(join(fidelityOnly, 'rivers.pdf'), rivers);
    await writeFile(
      join(fidelityOnly, 'reference-sentences.jsonl'),
      jsonLines([
        { file: 'rivers.pdf', sentence: 'Farmers plant rice after the water recedes.' },
        // Stored only as part of a longer sentence.
        { file: 'rivers.pdf', sentence: 'Plant rice after the water recedes.' },
        { file: 'rivers.pdf', sentence: 'No sentence of the paper says this at all.' },
      ]),
    );
    await writeFile(
      join(fidelityOnly, 'manifest.jsonl'),
      jsonLines([{ id: 'rivers', template: 'plain', layout: 'one-column' }]),
    );
    const dump = join(directory, 'fidelity-dump.jsonl');
    // --model names nothing that exists: the run must not load a model at all.
    const io = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
    const code = await run({
      argv: [
        'eval',
        'pdfs',
        '--dir',
        fidelityOnly,
        '--model',
        'no-such-model',
        '--json',
        '--dump-references',
        dump,
      ],
      io,
    });
    expect(io.err.join('')).toMatch(/references 3: intact 1/);
    expect(code).toBe(0);
    const result = io.lastJson();
    expect(result).toMatchObject({
      pdfs: 1,
      ingested: 1,
      questions: 0,
      MRR: null,
      exact_reference_pct: 33.3,
      reference_classes: {
        references: 3,
        intact: 1,
        merged: 1,
        merged_with_other: 1,
        lost: 1,
        intact_pct: 33.3,
        by_template: { plain: { references: 3, intact: 1 } },
        by_layout: { 'one-column': { references: 3 } },
      },
    });
    const lines = (await readFile(dump, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { class: string }).class)).toEqual([
      'intact',
      'merged',
      'lost',
    ]);
  });

  // A test, not a hook: a failing hook would only mark the tests below skipped.
  it('runs against PostgreSQL in CI', () => {
    if (postgresRequired)
      expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
  });

  describe.skipIf(!postgresRequired && !postgresTestUrl)('on PostgreSQL (--db)', () => {
    const databases = throwawayPostgres(postgresTestUrl ?? '', 'quarry_cli_eval_pdfs_test');
    afterAll(async () => {
      await databases.dispose();
    });

    it('ranks every question as the embedded run does', async () => {
      const serverUrl = await databases.create();
      const embedded = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
      expect(await run({ argv: ['eval', 'pdfs', '--dir', folder, '--json'], io: embedded })).toBe(
        0,
      );
      const onPostgres = captureIo({ QUARRY_DB: join(directory, 'unused-db') });
      expect(
        await run({
          argv: ['eval', 'pdfs', '--dir', folder, '--db', serverUrl, '--json'],
          io: onPostgres,
        }),
      ).toBe(0);
      expect(onPostgres.lastJson()).toEqual({ ...embedded.lastJson(), backend: 'postgres' });
    });
  });
});
