/**
 * @module `quarry bench`: the speed benchmark (BENCHMARKS.md section 6) on a throw-away embedded
 * database: ingest, embedding throughput, answer and in-paper search latency over the SciREX
 * frames, dataset search latency over the merged catalog (by default the DataFinder collection
 * and, when present, the 2022 Papers with Code CSV), and the local agent's first token.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatasetAgent } from '@quarry/agent';
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import { benchFrames, percentile } from '@quarry/eval';
import { createRuleQuestionGenerator, generateQuestions } from '@quarry/frames';
import { ingestDatasets, ingestPapers } from '@quarry/ingest';
import { createDatasetRecommender } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command, CommandContext } from '../command.js';
import { loadDatasetChannels } from '../dataset-embedder.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';
import { jsonOption, parseCommandArgs } from '../parse-command-args.js';

const usage =
  'quarry bench [--papers DIR] [--catalog FILE[,FILE…]]… [--queries FILE] [--model M] [--datasets-only] [--json]';

/**
 * Embedding throughput: sentences are embedded in chunks until `embedSentences` are done or
 * `embedSeconds` have passed (a transformer embeds ~100 sentences/s on two cores, the static model
 * ~18,000), in each of `embedRounds` rounds; the best round counts.
 */
const embedSentences = 20_000;
const embedChunk = 500;
const embedSeconds = 30;
/** How long the cross-encoder is timed. */
const rerankSeconds = 10;
const embedRounds = 2;
/** Dataset searches and agent turns timed, after as many untimed ones for warm-up. */
const timedSearches = 200;
const timedAgentTurns = 50;

function rounded(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The catalog files: every `--catalog` (repeatable, or comma-separated) and the older
 * `--collection`; by default the DataFinder collection plus the 2022 CSV when it is there.
 */
export function benchCatalogFiles(options: {
  catalogs: readonly string[];
  collection: string | undefined;
  shared: string;
}): string[] {
  const given = [...options.catalogs, ...(options.collection ? [options.collection] : [])]
    .flatMap((value) => value.split(','))
    .map((file) => file.trim())
    .filter((file) => file !== '');
  if (given.length > 0) return given;
  const csv = join(options.shared, 'pwc', 'pwc_datasets_2022.csv');
  return [
    join(options.shared, 'datafinder', 'dataset_collection.jsonl'),
    ...(existsSync(csv) ? [csv] : []),
  ];
}

/** Ingests the catalog files into one merged catalog; fails when no dataset at all was read. */
async function ingestCatalog(options: { store: Store; files: string[]; maxLineBytes: number }) {
  const summary = await ingestDatasets(options);
  if (summary.records === 0) {
    throw new AppError({
      code: 'not_found',
      message: 'no dataset could be read from the catalog files',
      where: options.files.join(', '),
      fix: 'check the --catalog paths',
    });
  }
  return summary;
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

/**
 * Pairs per second the model's cross-encoder reads (Embedder.rerank), as in-paper find asks it: one
 * question with the next 10 sentences, for `rerankSeconds`; null when the model has none.
 */
async function rerankPairsPerSecond(
  embedder: Embedder,
  sentences: readonly string[],
): Promise<number | null> {
  if (embedder.rerank === undefined || sentences.length === 0) return null;
  const question = 'which dataset was the model evaluated on?';
  const startedAt = performance.now();
  let read = 0;
  while (performance.now() - startedAt < rerankSeconds * 1000) {
    const start = read % Math.max(1, sentences.length - 10);
    const passages = sentences.slice(start, start + 10);
    await embedder.rerank(question, passages);
    read += passages.length;
  }
  return read / ((performance.now() - startedAt) / 1000);
}

/** Paper ingest, embedding throughput, and answer and in-paper search latency over the frames. */
async function benchPapers(options: {
  store: Store;
  embedder: Embedder;
  papers: string;
  io: CommandContext['io'];
}) {
  const { store, embedder, io } = options;
  io.stderr('ingesting papers\n');
  const ingestStartedAt = performance.now();
  const ingested = await ingestPapers({ store, paths: [options.papers] });
  const ingestSeconds = (performance.now() - ingestStartedAt) / 1000;

  io.stderr('embedding\n');
  const sentences: string[] = [];
  for (const paper of await store.papers.list({ limit: 10_000 })) {
    if (sentences.length >= embedSentences) break;
    for (const frame of await store.papers.frames(paper.id)) sentences.push(frame.text);
  }
  const sample = sentences.slice(0, embedSentences);
  await embedder.embed(sample.slice(0, 200));
  const embedRates: number[] = [];
  for (let round = 0; round < embedRounds; round += 1) {
    const startedAt = performance.now();
    let embedded = 0;
    while (embedded < sample.length && performance.now() - startedAt < embedSeconds * 1000) {
      const chunk = sample.slice(embedded, embedded + embedChunk);
      await embedder.embed(chunk);
      embedded += chunk.length;
    }
    embedRates.push(embedded / ((performance.now() - startedAt) / 1000));
  }

  const rerankRate = await rerankPairsPerSecond(embedder, sample);

  io.stderr('indexing frames and timing answer search\n');
  await generateQuestions({ store, generator: createRuleQuestionGenerator() });
  const frames = await benchFrames({
    store,
    embedder,
    onProgress: (message) => io.stderr(`${message}\n`),
  });
  return {
    embed_sentences_per_s: Math.round(Math.max(...embedRates)),
    ...(rerankRate === null ? {} : { rerank_pairs_per_s: Math.round(rerankRate) }),
    ingest_frames_per_s: Math.round(ingested.frames / ingestSeconds),
    index_frames_per_s: frames.indexFramesPerSecond,
    answer_search_p50_ms: frames.answerSearchP50Ms,
    answer_search_p95_ms: frames.answerSearchP95Ms,
    inpaper_search_p50_ms: frames.inPaperP50Ms,
    inpaper_search_p95_ms: frames.inPaperP95Ms,
    frames: frames.frames,
  };
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
        catalog: { type: 'string', multiple: true },
        collection: { type: 'string' },
        'datasets-only': { type: 'boolean', default: false },
        queries: { type: 'string' },
        model: { type: 'string' },
        ...jsonOption,
      },
    });
    const { io, settings } = context;
    const shared = resolve(settings.sharedData);
    const papers = values.papers ?? join(shared, 'scirex', 'papers');
    const catalogs = benchCatalogFiles({
      catalogs: values.catalog ?? [],
      collection: values.collection,
      shared,
    });
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
      const paperResults = values['datasets-only']
        ? {}
        : await benchPapers({ store, embedder, papers, io });

      io.stderr(`ingesting the catalog (${catalogs.join(', ')})\n`);
      const catalogStartedAt = performance.now();
      const catalog = await ingestCatalog({
        store,
        files: catalogs,
        maxLineBytes: settings.maxLineBytes,
      });
      const catalogSeconds = (performance.now() - catalogStartedAt) / 1000;
      for (const error of catalog.errors)
        io.stderr(`catalog error: ${error.where}: ${error.message}\n`);

      io.stderr('timing dataset search\n');
      const datasets = await store.datasets.all();
      // What a server pays at start and on every catalog refresh (QUARRY_CATALOG_REFRESH_MS).
      const recommenderStartedAt = performance.now();
      const dense = await loadDatasetChannels({ settings, io, answerEmbedder: embedder });
      const recommender = await createDatasetRecommender({
        datasets,
        denseChannels: dense.channels,
        settings: dense.settings,
      });
      const recommenderSeconds = (performance.now() - recommenderStartedAt) / 1000;
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
        ...paperResults,
        dataset_search_p50_ms: rounded(percentile(searchTimes, 0.5)),
        dataset_search_p95_ms: rounded(percentile(searchTimes, 0.95)),
        agent_first_token_p95_ms: rounded(percentile(agentTimes, 0.95)),
        datasets: datasets.length,
        datasets_merged: catalog.merged,
        catalog_ingest_s: rounded(catalogSeconds),
        recommender_build_s: Math.round(recommenderSeconds * 100) / 100,
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
