/**
 * @module The dataset recommender: an in-memory index over a catalog that ranks datasets for a
 * research description. Relevance is a field-weighted BM25F over the dataset representation
 * (names, description, introducing paper title, structured fields, citances; DataFinder 5.4; and
 * usage examples mined from research descriptions that name the dataset) with
 * per-word query weights (query-terms.ts) plus a word-bigram BM25, normalised per query and, when
 * encoders are given, mixed with each dense channel's cosine (dense-channels.ts); a small log-scaled popularity
 * prior and an explicit-mention boost are added. The year filter (DataFinder 5.1) and the
 * constraint filters decide which datasets may rank at all.
 */
import { createSpellingCorrector } from './spelling-correction.js';
import type { SpellingCorrection } from './spelling-correction.js';
import { AppError } from '@quarry/core';
import type { RecommendFilters } from './dataset-filters.js';
import { explainRecommendation } from './explanation.js';
import type { RecommendationExplanation } from './explanation.js';
import { rankDatasets } from './rank-datasets.js';
import { channelSimilarities } from './dense-channels.js';
import { buildRecommenderIndex } from './recommender-index.js';
import type { RecommenderSettings } from './recommender-settings.js';

export type { CreateDatasetRecommenderOptions } from './recommender-index.js';
import type { CreateDatasetRecommenderOptions } from './recommender-index.js';

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
  /**
   * `text` with misspelled words corrected against the catalog's words (spelling-correction.ts);
   * `recommend` and `rank` apply it to their query when `settings.correctSpelling` is on.
   */
  correctSpelling(text: string): { text: string; corrections: SpellingCorrection[] };
  /**
   * How close in meaning `text` is to each of `datasetIds`' descriptions: the mean over the dense
   * channels (whatever their weight in ranking) of the calibrated cosine floored at 0; 0 for an
   * unknown id, and for all without a channel.
   */
  similarity(text: string, datasetIds: readonly string[]): Promise<Map<string, number>>;
}

/** Builds the index once (recommender-index.ts), then ranks per request (rank-datasets.ts). */
export async function createDatasetRecommender(
  options: CreateDatasetRecommenderOptions,
): Promise<DatasetRecommender> {
  const context = await buildRecommenderIndex(options);
  const { settings, entries } = context;
  const numberOf = new Map(entries.map((entry, number) => [entry.dataset.id, number]));
  const wordVectors = context.dense.find((channel) => channel.embedder.wordVectors)?.embedder
    .wordVectors;
  const speller = createSpellingCorrector({
    texts: entries.flatMap(({ dataset }) => [
      dataset.name,
      dataset.fullName ?? '',
      ...dataset.variants,
      ...dataset.tasks,
      ...dataset.modalities,
      dataset.description,
    ]),
    ...(wordVectors ? { wordVectors } : {}),
  });
  const corrected = (request: RecommendOptions): RecommendOptions =>
    settings.correctSpelling ? { ...request, query: speller.correct(request.query).text } : request;
  return {
    size: entries.length,
    settings,
    correctSpelling: (text) => speller.correct(text),
    async similarity(text, datasetIds) {
      const eligible = new Uint8Array(entries.length);
      for (const id of datasetIds) {
        const number = numberOf.get(id);
        if (number !== undefined) eligible[number] = 1;
      }
      const channels = text.trim() === '' ? [] : context.dense;
      const scores = await Promise.all(
        channels.map((channel) => channelSimilarities({ channel, query: text, eligible })),
      );
      return new Map(
        datasetIds.map((id) => {
          const number = numberOf.get(id);
          const sum =
            number === undefined ? 0 : scores.reduce((total, own) => total + (own[number] ?? 0), 0);
          return [id, scores.length === 0 ? 0 : sum / scores.length];
        }),
      );
    },
    async rank(options) {
      const request = corrected(options);
      const ranking = await rankDatasets({ request, context });
      return ranking.scored.map(({ number, score }) => ({
        datasetId: entries[number]?.dataset.id ?? '',
        score,
      }));
    },
    async recommend(options) {
      const request = corrected(options);
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
            facets: entry.facets,
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
