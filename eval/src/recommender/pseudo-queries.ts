/**
 * @module Pseudo-queries for tuning the recommender, from data no benchmark scores: (A) unlabeled
 * training research descriptions that name a catalog dataset, with the names cut out, labelled
 * with the named datasets; (B) citing sentences, names cut out, labelled with the cited dataset
 * (those records are then left out of the index).
 */
import type { Dataset } from '@quarry/core';
import { commonWordsFromTexts, createMentionMatcher, removeMentions } from '@quarry/recommender';
import type { AttachedCitances, DatasetCitances, MentionMatcher } from '@quarry/recommender';

export interface PseudoQuery {
  query: string;
  gold: ReadonlySet<string>;
}

export interface ResearchPseudoQuery extends PseudoQuery {
  /** The research description's line (0-based) in its file. */
  line: number;
}

/** Most datasets a research pseudo-query may name; more is a survey, not a need. */
const maxNamedDatasets = 3;
/** Fewest words a pseudo-query keeps once the names are cut out. */
const minQueryWords = 5;

export function mentionMatcherFor(
  datasets: readonly Dataset[],
  proseTexts: readonly string[] = [],
): MentionMatcher {
  return createMentionMatcher({
    datasets: datasets.map((dataset) => ({
      datasetId: dataset.id,
      names: [dataset.name, ...dataset.variants],
    })),
    commonWords: commonWordsFromTexts({
      texts: [...datasets.map((dataset) => dataset.description), ...proseTexts],
      minCount: 2,
    }),
  });
}

/** (A): one pseudo-query per research description that names one to three datasets. */
export function researchPseudoQueries(options: {
  datasets: readonly Dataset[];
  researchTexts: readonly string[];
}): ResearchPseudoQuery[] {
  const matcher = mentionMatcherFor(options.datasets, options.researchTexts);
  const queries: ResearchPseudoQuery[] = [];
  for (const [line, sentence] of options.researchTexts.entries()) {
    const mentions = matcher.find(sentence);
    if (mentions.length === 0) continue;
    const gold = new Set(mentions.map((mention) => mention.datasetId));
    if (gold.size > maxNamedDatasets) continue;
    const query = removeMentions(sentence, mentions);
    if (query.split(' ').length < minQueryWords) continue;
    queries.push({ query, gold, line });
  }
  return queries;
}

/** (B): every other citance record gives one pseudo-query; returns those and the records kept. */
export function citancePseudoQueries(options: {
  datasets: readonly Dataset[];
  citances: readonly DatasetCitances[];
  attach: (input: {
    datasets: readonly Dataset[];
    citances: readonly DatasetCitances[];
  }) => AttachedCitances;
  proseTexts: readonly string[];
}): { queries: PseudoQuery[]; kept: DatasetCitances[] } {
  const matcher = mentionMatcherFor(options.datasets, options.proseTexts);
  const queries: PseudoQuery[] = [];
  const kept: DatasetCitances[] = [];
  for (const [index, record] of options.citances.entries()) {
    if (index % 2 === 1) {
      kept.push(record);
      continue;
    }
    const attached = options.attach({ datasets: options.datasets, citances: [record] });
    const [datasetId] = attached.sentences.keys();
    const sentence = record.sentences[0];
    if (datasetId === undefined || sentence === undefined) continue;
    const query = removeMentions(sentence, matcher.find(sentence));
    if (query.split(' ').length < minQueryWords) continue;
    queries.push({ query, gold: new Set([datasetId]) });
  }
  return { queries, kept };
}
