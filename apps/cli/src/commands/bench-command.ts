/**
 * @module `quarry bench`: the speed benchmark (BENCHMARKS.md section 6) on a throw-away embedded
 * database: ingest, embedding throughput, answer and in-paper search latency over the SciREX
 * frames, dataset search latency over the collection, and the local agent's first token.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatasetAgent } from '@quarry/agent';
import { AppError } from '@quarry/core';
import {
  benchFrames,
  createRuleQuestionGenerator,
  generateQuestions,
  percentile,
} from '@quarry/frames';
import { ingestDatasets, ingestPapers } from '@quarry/ingest';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage =
  'quarry bench [--papers DIR] [--collection FILE] [--queries FILE] [--model M] [--json]';

/** Sentences embedded per timed round, and rounds. */
const embedSentences = 20_000;
const embedRounds = 2;
/** Dataset searches and agent turns timed, after as many untimed ones for warm-up. */
const timedSearches = 200;
const timedAgentTurns = 50;

function rounded(value: number): number {
  return Math.round(value * 10) / 10;
}

async function timeEach<Input>(
  inputs: readonly Input[],
  work: (input: Input) => Promise<unknown>,
): Promise<number[]> {
  for (const input of inputs.slice(0, 20)) await work(input);
  const times: number[] = [];
  for (const input of inputs) {
    const startedAt = performance.now();
    await work(input);
    times.push(performance.now() - startedAt);
  }
  return times;
}

export const benchCommand: Command = {
  usage,
  summary: 'measure ingest, embedding and search speed on a throw-away database',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        papers: { type: 'string' },
        collection: { type: 'string' },
        queries: { type: 'string' },
        model: { type: 'string' },
        ...jsonOption,
      },
    });
    const { io, settings } = context;
    const shared = resolve(settings.sharedData);
    const papers = values.papers ?? join(shared, 'scirex', 'papers');
    const collection = values.collection ?? join(shared, 'datafinder', 'dataset_collection.jsonl');
    // Unlabeled research descriptions: realistic dataset queries that no benchmark scores.
    const queriesFile = values.queries ?? join(shared, 'datafinder', 'train_queries_unlabeled.txt');
    const queries = (
      await readFile(queriesFile, 'utf8').catch((error: unknown) => {
        throw new AppError({
          code: 'not_found',
          message: 'cannot read the queries file',
          where: queriesFile,
          cause: error,
        });
      })
    )
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .slice(0, timedSearches);

    const folder = await mkdtemp(join(tmpdir(), 'quarry-bench-'));
    const { embedder } = await loadConfiguredEmbedder({ settings, io, model: values.model });
    const store = await openStore({ location: join(folder, 'db') });
    try {
      io.stderr('ingesting papers\n');
      const ingestStartedAt = performance.now();
      const ingested = await ingestPapers({ store, paths: [papers] });
      const ingestSeconds = (performance.now() - ingestStartedAt) / 1000;
      await ingestDatasets({ store, files: [collection], maxLineBytes: settings.maxLineBytes });

      io.stderr('embedding\n');
      const sentences: string[] = [];
      for (const paper of await store.papers.list({ limit: 10_000 })) {
        if (sentences.length >= embedSentences) break;
        for (const frame of await store.papers.frames(paper.id)) sentences.push(frame.text);
      }
      const sample = sentences.slice(0, embedSentences);
      await embedder.embed(sample.slice(0, 2000));
      const embedRates: number[] = [];
      for (let round = 0; round < embedRounds; round += 1) {
        const startedAt = performance.now();
        await embedder.embed(sample);
        embedRates.push(sample.length / ((performance.now() - startedAt) / 1000));
      }

      io.stderr('indexing frames and timing answer search\n');
      await generateQuestions({ store, generator: createRuleQuestionGenerator() });
      const frames = await benchFrames({
        store,
        embedder,
        onProgress: (message) => io.stderr(`${message}\n`),
      });

      io.stderr('timing dataset search\n');
      const datasets = await store.datasets.all();
      const recommender = await createDatasetRecommender({ datasets, embedder });
      const searchTimes = await timeEach(queries, (query) =>
        recommender.recommend({ query, limit: 10 }),
      );
      const agent = createDatasetAgent({
        recommender,
        catalog: new Map(datasets.map((dataset) => [dataset.id, dataset])),
      });
      const agentTimes = await timeEach(queries.slice(0, timedAgentTurns), (message) =>
        agent.respond({ message }),
      );

      const result = {
        benchmark: 'speed',
        embed_sentences_per_s: Math.round(Math.max(...embedRates)),
        ingest_frames_per_s: Math.round(ingested.frames / ingestSeconds),
        index_frames_per_s: frames.indexFramesPerSecond,
        answer_search_p50_ms: frames.answerSearchP50Ms,
        answer_search_p95_ms: frames.answerSearchP95Ms,
        inpaper_search_p50_ms: frames.inPaperP50Ms,
        inpaper_search_p95_ms: frames.inPaperP95Ms,
        dataset_search_p50_ms: rounded(percentile(searchTimes, 0.5)),
        dataset_search_p95_ms: rounded(percentile(searchTimes, 0.95)),
        agent_first_token_p95_ms: rounded(percentile(agentTimes, 0.95)),
        frames: frames.frames,
        datasets: datasets.length,
        model: embedder.modelId,
      };
      if (values.json) printJsonLine(io, result);
      else io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    } finally {
      await store.close();
      await embedder.close();
      await rm(folder, { recursive: true, force: true });
    }
  },
};
