/**
 * `quarry eval clarify` and `quarry eval agent-cases` end to end on a small hand-written
 * collection (not the DataFinder data): the JSON contracts, the simulated user, clarify accuracy.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import { captureIo } from '../test-support/captured-io.js';

const collection = [
  {
    id: 'StreetSeg',
    contents: 'Street scene images with pixel labels for semantic segmentation.',
    variants: [],
    title: 'StreetSeg',
    year: 2016,
  },
  {
    id: 'NewsQA-DE',
    contents: 'German news articles with questions for question answering.',
    variants: [],
    title: 'NewsQA-DE',
    year: 2018,
  },
  {
    id: 'ReadSpeech',
    contents: 'Read English speech recordings for speech recognition.',
    variants: [],
    title: 'ReadSpeech',
    year: 2015,
  },
];

const queries = [
  {
    query: 'I have German news articles',
    year: 2020,
    task: 'question answering',
    modality: 'Text',
    domain: '',
    language: 'German',
    text_length: '',
  },
  {
    query: 'semantic segmentation of street images',
    year: 2020,
    task: 'semantic segmentation',
    modality: 'Image',
    domain: '',
    language: '',
    text_length: '',
  },
];

const qrels = [
  'I_have_German_news_articles Q0 NewsQA-DE 1',
  'semantic_segmentation_of_street_images Q0 StreetSeg 1',
].join('\n');

const cases = [
  {
    id: 'vague',
    message: 'something with German news',
    should_clarify: true,
    missing: ['task'],
    acceptable_datasets: ['NewsQA-DE'],
    simulated_answers: { task: 'question answering' },
  },
  {
    id: 'complete',
    message: 'speech recognition of read English audio',
    should_clarify: false,
    missing: [],
    acceptable_datasets: ['ReadSpeech'],
    simulated_answers: {},
  },
  {
    id: 'hostile',
    message: '🙂🙂',
    should_clarify: true,
    missing: ['task'],
    acceptable_datasets: [],
    simulated_answers: {},
  },
];

/** One conversation that passes and one that cannot (its acceptable dataset is not in the catalog). */
const conversations = [
  {
    id: 'passes',
    turns: ['speech recognition of read English audio'],
    acceptable_final: ['ReadSpeech'],
    unacceptable_final: [],
    kind: 'refine',
  },
  {
    id: 'fails',
    turns: ['semantic segmentation of street images', 'only night-time scenes please'],
    acceptable_final: ['NightCity'],
    unacceptable_final: [],
    kind: 'narrow',
  },
];

async function quarry(argv: string[]) {
  const io = captureIo({ QUARRY_SHARED_DATA: tmpdir() });
  const exitCode = await run({ argv, io });
  return { exitCode, io };
}

describe('quarry eval clarify and agent-cases', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quarry-eval-agent-'));
    const lines = (records: unknown[]) =>
      records.map((record) => JSON.stringify(record)).join('\n');
    await writeFile(join(folder, 'collection.jsonl'), lines(collection));
    await writeFile(join(folder, 'queries.jsonl'), lines(queries));
    await writeFile(join(folder, 'qrels'), qrels);
    await writeFile(join(folder, 'cases.jsonl'), lines(cases));
    await writeFile(join(folder, 'conversations.jsonl'), lines(conversations));
  });

  it('clarify: asks for the missing task, answers from the annotations, and scores before and after', async () => {
    const { exitCode, io } = await quarry([
      'eval',
      'clarify',
      '--collection',
      join(folder, 'collection.jsonl'),
      '--queries',
      join(folder, 'queries.jsonl'),
      '--qrels',
      join(folder, 'qrels'),
      '--model',
      'none',
      '--json',
    ]);
    expect(exitCode).toBe(0);
    const result = io.lastJson() as {
      benchmark: string;
      queries: number;
      after: { MRR: number };
      mean_questions: number;
      asked_when_complete: number;
    };
    expect(result).toMatchObject({ benchmark: 'clarify', queries: 2, asked_when_complete: 0 });
    expect(result.mean_questions).toBe(0.5);
    expect(result.after.MRR).toBe(100);
  });

  it('agent-cases: reports clarify accuracy, hit@5 and no errors', async () => {
    const { exitCode, io } = await quarry([
      'eval',
      'agent-cases',
      '--collection',
      join(folder, 'collection.jsonl'),
      '--cases',
      join(folder, 'cases.jsonl'),
      '--model',
      'none',
      '--json',
    ]);
    expect(exitCode).toBe(0);
    expect(io.lastJson()).toEqual({
      benchmark: 'agent-cases',
      cases: 3,
      clarify_accuracy: 1,
      'hit@5': 1,
      errors: 0,
    });
  });

  it("agent-cases --trace: prints each turn's steps under a failing conversation only", async () => {
    const { exitCode, io } = await quarry([
      'eval',
      'agent-cases',
      '--collection',
      join(folder, 'collection.jsonl'),
      '--cases',
      join(folder, 'conversations.jsonl'),
      '--model',
      'none',
      '--verbose',
      '--trace',
      '--json',
    ]);
    expect(exitCode).toBe(0);
    expect(io.lastJson()).toMatchObject({ conversations: 2, pass_rate: 0.5 });
    const lines = io.err.join('').split('\n');
    const traced = lines.filter((line) => line.startsWith('  turn '));
    // Both turns of the failing conversation, each with its state step; none of the passing one.
    expect(traced.some((line) => line.startsWith('  turn 1 {"step":"state"'))).toBe(true);
    expect(traced.some((line) => line.startsWith('  turn 2 {"step":"state"'))).toBe(true);
    const passLine = lines.findIndex((line) => line.startsWith('passes '));
    expect(lines[passLine + 1]?.startsWith('  turn ')).toBe(false);
  });
});
