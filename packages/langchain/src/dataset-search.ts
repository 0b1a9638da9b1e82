/**
 * @module The one dataset search the LangChain retriever and tool share: ranks with the
 * DatasetRecommender, joins each result with its catalog record, and, when a frame index is
 * given, attaches one sentence of an ingested paper that names the dataset. Nothing is written
 * here: every field is the record's, the recommender's or a stored sentence.
 */
import { AppError } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { findDatasetMentions } from '@quarry/frames';
import type { DatasetRecommender } from '@quarry/recommender';
import { resolveFrameIndex } from './frame-index-source.js';
import type { FrameIndexSource } from './frame-index-source.js';

/** What the recommender can filter on (DataFinder's year filter and Quarry's constraints). */
export interface DatasetSearchFilters {
  /** Only datasets introduced in this year or earlier (datasets without a year are kept). */
  yearMax?: number;
  /** "images", "text", "audio", "video", … (declared, or inferred from the description). */
  modality?: string;
  /** A task name, e.g. "question answering". */
  task?: string;
  /** "English", "Chinese", … (declared, or inferred from the description). */
  language?: string;
}

/** A sentence of an ingested paper that names the dataset. */
export interface DatasetCitation {
  paperId: string;
  paperTitle: string;
  /** The frame id of the sentence. */
  sentenceId: string;
  sentenceIndex: number;
  text: string;
}

/** One ranked dataset with its record's fields and why it was chosen. */
export interface FoundDataset {
  /** 1 for the best. */
  rank: number;
  datasetId: string;
  name: string;
  fullName: string | null;
  description: string;
  year: number | null;
  modalities: string[];
  tasks: string[];
  languages: string[];
  paperTitle: string | null;
  homepage: string | null;
  score: number;
  /** The recommender's one-line explanation. */
  why: string;
  citation: DatasetCitation | null;
}

/** The recommender, the catalog it was built from, and optionally the frame index for citations. */
export interface DatasetSearchSource {
  recommender: DatasetRecommender;
  /** The datasets the recommender indexes, for their descriptions, years and facets. */
  catalog: readonly Dataset[] | ReadonlyMap<string, Dataset>;
  /** Adds `citation` to each result: a sentence of an ingested paper naming the dataset. */
  frameIndex?: FrameIndexSource;
}

export interface SearchDatasetsOptions extends DatasetSearchSource {
  query: string;
  k: number;
  filters?: DatasetSearchFilters;
}

/** The catalog as a map by id (the first record of an id wins, as in the recommender). */
export function catalogById(
  catalog: readonly Dataset[] | ReadonlyMap<string, Dataset>,
): ReadonlyMap<string, Dataset> {
  if (!isDatasetList(catalog)) return catalog;
  const byId = new Map<string, Dataset>();
  for (const dataset of catalog) {
    if (!byId.has(dataset.id)) byId.set(dataset.id, dataset);
  }
  return byId;
}

function isDatasetList(
  catalog: readonly Dataset[] | ReadonlyMap<string, Dataset>,
): catalog is readonly Dataset[] {
  return Array.isArray(catalog);
}

/** Throws an AppError `invalid_input` naming `field` unless `k` is a whole number from 1 up. */
export function checkResultCount(k: number, field: string): number {
  if (!Number.isInteger(k) || k < 1) {
    throw new AppError({
      code: 'invalid_input',
      where: field,
      message: `must be a whole number of at least 1, got ${k}`,
    });
  }
  return k;
}

export async function searchDatasets(options: SearchDatasetsOptions): Promise<FoundDataset[]> {
  const query = options.query.trim();
  if (query === '') {
    throw new AppError({
      code: 'invalid_input',
      where: 'query',
      message: 'the query is empty',
      fix: 'describe the research task, e.g. "semantic segmentation of street scenes"',
    });
  }
  const k = checkResultCount(options.k, 'k');
  const { yearMax, modality, task, language } = options.filters ?? {};
  const recommendations = await options.recommender.recommend({
    query,
    limit: k,
    ...(yearMax === undefined ? {} : { yearMax }),
    filters: {
      ...(modality === undefined ? {} : { modality }),
      ...(task === undefined ? {} : { task }),
      ...(language === undefined ? {} : { language }),
    },
  });
  const catalog = catalogById(options.catalog);
  const index = options.frameIndex === undefined ? null : resolveFrameIndex(options.frameIndex);
  const found: FoundDataset[] = [];
  for (const [position, recommendation] of recommendations.entries()) {
    const dataset = catalog.get(recommendation.datasetId);
    const names = dataset ? [dataset.name, ...dataset.variants] : [recommendation.name];
    const [mention] = index ? await findDatasetMentions({ index, names, limit: 1 }) : [];
    found.push({
      rank: position + 1,
      datasetId: recommendation.datasetId,
      name: recommendation.name,
      fullName: dataset?.fullName ?? null,
      description: dataset?.description ?? '',
      year: dataset?.year ?? null,
      modalities: dataset?.modalities ?? [],
      tasks: dataset?.tasks ?? [],
      languages: dataset?.languages ?? [],
      paperTitle: dataset?.paperTitle ?? null,
      homepage: dataset?.homepage ?? null,
      score: recommendation.score,
      why: recommendation.explanation.summary,
      citation: mention
        ? {
            paperId: mention.paperId,
            paperTitle: mention.paperTitle,
            sentenceId: mention.frameId,
            sentenceIndex: mention.sentenceIndex,
            text: mention.text,
          }
        : null,
    });
  }
  return found;
}
