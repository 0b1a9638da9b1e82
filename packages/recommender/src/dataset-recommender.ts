/**
 * @module The dataset recommender: an in-memory index over a catalog that ranks datasets for a
 * research description. Relevance is a field-weighted BM25F over the dataset representation
 * (names, description, introducing paper title, structured fields, citances; DataFinder 5.4; and
 * usage examples mined from research descriptions that name the dataset) with
 * per-word query weights (query-terms.ts) plus a word-bigram BM25, normalised per query and, when
 * an Embedder is given, mixed with the cosine of dense vectors; a small log-scaled popularity
 * prior and an explicit-mention boost are added. The year filter (DataFinder 5.1) and the
 * constraint filters decide which datasets may rank at all.
 */
import { AppError } from '@quarry/core';
import type { Dataset, Embedder } from '@quarry/core';
import { analyze, createBm25Index } from '@quarry/text';
import type { Bm25Index } from '@quarry/text';
import { attachCitances } from './dataset-citances.js';
import type { DatasetCitances } from './dataset-citances.js';
import { datasetFacets, passesFilters, passesYear } from './dataset-filters.js';
import type { DatasetFacets, RecommendFilters } from './dataset-filters.js';
import { datasetText, densePassage } from './dataset-text.js';
import { shippedTermRatios } from './term-ratio-file.js';
import { explainRecommendation } from './explanation.js';
import type { RecommendationExplanation } from './explanation.js';
import { commonWordsFromTexts, createMentionMatcher } from './mention-matcher.js';
import type { MentionMatcher } from './mention-matcher.js';
import { popularityPriors, usageEvidence } from './popularity-prior.js';
import { usageExamplesFromTexts } from './usage-examples.js';
import { bigramAnalyzer, createQueryTermWeigher } from './query-terms.js';
import type { QueryTermWeigher, WeightedQueryTerm } from './query-terms.js';
import { resolveRecommenderSettings } from './recommender-settings.js';
import type { RecommenderSettings, RecommenderSettingsOverrides } from './recommender-settings.js';
import type { TermRatio } from './term-ratios.js';

export interface CreateDatasetRecommenderOptions {
  datasets: readonly Dataset[];
  citances?: readonly DatasetCitances[];
  /** Enables dense retrieval: dataset passages are embedded once, here. */
  embedder?: Embedder;
  settings?: RecommenderSettingsOverrides;
  /** Need-vs-method term statistics; default the shipped table (term-ratios.ts). */
  termRatios?: ReadonlyMap<string, TermRatio>;
  /**
   * Research descriptions (e.g. the unlabeled DataFinder training queries); those that name a
   * catalog dataset become usage examples of it (usage-examples.ts).
   */
  usageTexts?: readonly string[];
  /** Lowercase prose words for the mention matcher; default: learned from the catalog's prose. */
  commonWords?: ReadonlySet<string>;
}

export interface RecommendOptions {
  query: string;
  limit: number;
  /** Rank only datasets introduced in this year or earlier (unknown years are kept). */
  yearMax?: number;
  filters?: RecommendFilters;
}

/** A ranked dataset without its explanation (what benchmarks need). */
export interface RankedDataset {
  datasetId: string;
  score: number;
}

export interface DatasetRecommendation {
  datasetId: string;
  name: string;
  score: number;
  explanation: RecommendationExplanation;
}

export interface DatasetRecommender {
  /** Datasets in the index. */
  readonly size: number;
  readonly settings: RecommenderSettings;
  /** The best datasets for a query, each with why it was chosen. */
  recommend(options: RecommendOptions): Promise<DatasetRecommendation[]>;
  /** The same ranking as `recommend`, without building explanations. */
  rank(options: RecommendOptions): Promise<RankedDataset[]>;
}

interface IndexedDataset {
  dataset: Dataset;
  citances: string[];
  facets: DatasetFacets;
  prior: number;
}

export async function createDatasetRecommender(
  options: CreateDatasetRecommenderOptions,
): Promise<DatasetRecommender> {
  const settings = resolveRecommenderSettings(options.settings);
  const datasets = uniqueById(options.datasets);
  const usageTexts = options.usageTexts ?? [];
  const matcher = createMentionMatcher({
    datasets: datasets.map((dataset) => ({
      datasetId: dataset.id,
      names: [dataset.name, ...dataset.variants, ...(dataset.fullName ? [dataset.fullName] : [])],
    })),
    commonWords:
      options.commonWords ??
      commonWordsFromTexts({
        texts: [...datasets.map((dataset) => dataset.description), ...usageTexts],
        minCount: settings.commonWordMinCount,
      }),
  });
  const attached = attachCitances({ datasets, citances: options.citances ?? [] });
  const usage = attachCitances({
    datasets,
    citances: usageExamplesFromTexts({
      texts: usageTexts,
      matcher,
      maxDatasetsPerText: settings.maxDatasetsPerUsageText,
      minWords: settings.minUsageWords,
    }),
  });
  const fields = settings.fieldWeights;
  const unigramIndex = createBm25Index<number>({
    k1: settings.k1,
    b: settings.b,
    fields: [
      { name: 'name', weight: fields.name },
      { name: 'description', weight: fields.description },
      { name: 'paperTitle', weight: fields.paperTitle },
      { name: 'structured', weight: fields.structured },
      { name: 'citances', weight: fields.citances, b: settings.citancesB },
      { name: 'usage', weight: fields.usage, b: settings.citancesB },
    ],
  });
  const bigramIndex = createBm25Index<number>({
    k1: settings.k1,
    b: settings.b,
    analyzer: bigramAnalyzer,
    fields: [
      { name: 'description', weight: fields.description },
      { name: 'paperTitle', weight: fields.paperTitle },
      { name: 'structured', weight: fields.structured },
      { name: 'citances', weight: fields.citances, b: settings.citancesB },
      { name: 'usage', weight: fields.usage, b: settings.citancesB },
    ],
  });
  const entries: IndexedDataset[] = [];
  const passages: string[] = [];
  const evidence = datasets.map((dataset) =>
    usageEvidence({
      dataset,
      citingPapers: attached.papers.get(dataset.id) ?? 0,
      usageExamples: usage.papers.get(dataset.id) ?? 0,
    }),
  );
  const priors = popularityPriors({ evidence, weights: settings.prior });
  for (const [number, dataset] of datasets.entries()) {
    const citances = (attached.sentences.get(dataset.id) ?? []).slice(
      0,
      settings.maxCitancesPerDataset,
    );
    const examples = (usage.sentences.get(dataset.id) ?? []).slice(
      0,
      settings.maxUsageExamplesPerDataset,
    );
    const text = datasetText({ dataset, citances });
    const usageText = examples.join('\n');
    unigramIndex.add({ id: number, fields: { ...text, usage: usageText } });
    bigramIndex.add({
      id: number,
      fields: {
        description: text.description,
        paperTitle: text.paperTitle,
        structured: text.structured,
        citances: text.citances,
        usage: usageText,
      },
    });
    // Usage examples are other researchers' words: they rank, but explanations quote only the
    // dataset's own record and citances.
    const terms = new Set(
      analyze(
        [text.name, text.description, text.paperTitle, text.structured, text.citances].join('\n'),
      ),
    );
    entries.push({
      dataset,
      citances,
      facets: datasetFacets({ dataset, text: `${text.description}\n${text.paperTitle}`, terms }),
      prior: priors[number] ?? 0,
    });
    passages.push(densePassage(text));
  }
  const termRatios = options.termRatios ?? shippedTermRatios();
  const weigher = createQueryTermWeigher({ ratios: termRatios, weighting: settings.termWeighting });
  const vectors = options.embedder
    ? await embedAll({
        embedder: options.embedder,
        texts: passages,
        batchSize: settings.embedBatchSize,
      })
    : null;
  const numberById = new Map(datasets.map((dataset, number) => [dataset.id, number]));
  const context: RecommendContext = {
    settings,
    entries,
    unigramIndex,
    bigramIndex,
    weigher,
    matcher,
    numberById,
    vectors,
    embedder: options.embedder ?? null,
  };
  return {
    size: entries.length,
    settings,
    async rank(request) {
      const ranking = await rankDatasets({ request, context });
      return ranking.scored.map(({ number, score }) => ({
        datasetId: entries[number]?.dataset.id ?? '',
        score,
      }));
    },
    async recommend(request) {
      const ranking = await rankDatasets({ request, context });
      return ranking.scored.map(({ number, score }) => {
        const entry = entries[number];
        if (entry === undefined) {
          throw new AppError({ code: 'internal', message: `no dataset number ${number}` });
        }
        return {
          datasetId: entry.dataset.id,
          name: entry.dataset.name,
          score,
          explanation: explainRecommendation({
            dataset: entry.dataset,
            terms: entry.facets.terms,
            unigrams: ranking.unigrams,
            citances: entry.citances,
            mentioned: ranking.mentioned.has(number),
            maxWords: settings.explanationWords,
            maxCitanceChars: settings.explanationCitanceChars,
          }),
        };
      });
    },
  };
}

interface RecommendContext {
  settings: RecommenderSettings;
  entries: readonly IndexedDataset[];
  unigramIndex: Bm25Index<number>;
  bigramIndex: Bm25Index<number>;
  weigher: QueryTermWeigher;
  matcher: MentionMatcher;
  numberById: ReadonlyMap<string, number>;
  vectors: Float32Array[] | null;
  embedder: Embedder | null;
}

interface Ranking {
  /** Dataset numbers with their final scores, best first, at most `limit`. */
  scored: { number: number; score: number }[];
  unigrams: readonly WeightedQueryTerm[];
  mentioned: ReadonlySet<number>;
}

async function rankDatasets(options: {
  request: RecommendOptions;
  context: RecommendContext;
}): Promise<Ranking> {
  const { request, context } = options;
  const { settings, entries } = context;
  if (!Number.isInteger(request.limit) || request.limit < 0) {
    throw new AppError({
      code: 'invalid_input',
      message: `limit must be a non-negative integer, got ${request.limit}`,
      fix: 'ask for e.g. 5 or 10 datasets',
    });
  }
  const count = entries.length;
  const eligible = new Uint8Array(count);
  for (const [number, entry] of entries.entries()) {
    const allowed =
      passesYear(entry.dataset, request.yearMax) &&
      (request.filters === undefined || passesFilters(entry.facets, request.filters));
    eligible[number] = allowed ? 1 : 0;
  }
  const filter = (number: number) => eligible[number] === 1;
  const terms = context.weigher.weigh(request.query);
  const lexical = new Float64Array(count);
  for (const unigram of terms.unigrams) {
    for (const hit of context.unigramIndex.search(unigram.text, { limit: count, filter })) {
      lexical[hit.id] = (lexical[hit.id] ?? 0) + unigram.weight * hit.score;
    }
  }
  if (settings.bigramWeight > 0) {
    for (const bigram of terms.bigrams) {
      for (const hit of context.bigramIndex.search(bigram.text, { limit: count, filter })) {
        lexical[hit.id] =
          (lexical[hit.id] ?? 0) + settings.bigramWeight * bigram.weight * hit.score;
      }
    }
  }
  const dense = await denseScores({ context, query: request.query, eligible });
  const mentioned = new Set<number>();
  for (const mention of context.matcher.find(request.query)) {
    const number = context.numberById.get(mention.datasetId);
    if (number !== undefined && eligible[number] === 1) mentioned.add(number);
  }
  const lexicalTop = lexical.reduce((max, value) => Math.max(max, value), 0);
  const denseTop = dense?.reduce((max, value) => Math.max(max, value), 0) ?? 0;
  const denseShare = dense === null ? 0 : settings.denseWeight;
  const scored: { number: number; score: number }[] = [];
  for (let number = 0; number < count; number++) {
    if (eligible[number] !== 1) continue;
    const lexicalScore = lexicalTop > 0 ? (lexical[number] ?? 0) / lexicalTop : 0;
    const denseScore = dense !== null && denseTop > 0 ? (dense[number] ?? 0) / denseTop : 0;
    const isMentioned = mentioned.has(number);
    if (lexicalScore <= 0 && denseScore <= 0 && !isMentioned) continue;
    const relevance = (1 - denseShare) * lexicalScore + denseShare * denseScore;
    const prior = entries[number]?.prior ?? 0;
    const score =
      relevance +
      settings.priorWeight * prior * relevance ** settings.priorRelevanceExponent +
      (isMentioned ? settings.mentionBoost : 0);
    scored.push({ number, score });
  }
  const datasetIdOf = (number: number) => entries[number]?.dataset.id ?? '';
  scored.sort(
    (left, right) =>
      right.score - left.score || (datasetIdOf(left.number) < datasetIdOf(right.number) ? -1 : 1),
  );
  return { scored: scored.slice(0, request.limit), unigrams: terms.unigrams, mentioned };
}

/** Cosine of the query with every eligible dataset (vectors are L2-normalised), floored at 0. */
async function denseScores(options: {
  context: RecommendContext;
  query: string;
  eligible: Uint8Array;
}): Promise<Float64Array | null> {
  const { context, eligible } = options;
  if (context.embedder === null || context.vectors === null || options.query.trim() === '') {
    return null;
  }
  const [queryVector] = await context.embedder.embed([options.query]);
  if (queryVector === undefined) return null;
  const scores = new Float64Array(context.vectors.length);
  for (const [number, vector] of context.vectors.entries()) {
    if (eligible[number] !== 1) continue;
    let dot = 0;
    for (let index = 0; index < vector.length; index++) {
      dot += (vector[index] ?? 0) * (queryVector[index] ?? 0);
    }
    scores[number] = Math.max(dot, 0);
  }
  return scores;
}

async function embedAll(options: {
  embedder: Embedder;
  texts: readonly string[];
  batchSize: number;
}): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < options.texts.length; start += options.batchSize) {
    const batch = options.texts.slice(start, start + options.batchSize);
    const embedded = await options.embedder.embed(batch);
    if (embedded.length !== batch.length) {
      throw new AppError({
        code: 'model_failure',
        message: `the embedder returned ${embedded.length} vectors for ${batch.length} texts`,
      });
    }
    vectors.push(...embedded);
  }
  return vectors;
}

/** The first record of each id wins, as in ingest. */
function uniqueById(datasets: readonly Dataset[]): Dataset[] {
  const seen = new Set<string>();
  return datasets.filter((dataset) => {
    if (seen.has(dataset.id)) return false;
    seen.add(dataset.id);
    return true;
  });
}
