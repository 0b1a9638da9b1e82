// @module Pseudo-queries for tuning, from data no benchmark scores: (A) unlabeled training research
// descriptions that name a catalog dataset, with the names cut out, labelled with the named
// datasets; (B) citing sentences, names cut out, labelled with the cited dataset (those records
// are then left out of the index).
import { commonWordsFromTexts, createMentionMatcher, removeMentions } from '../dist/index.js';

export function mentionMatcherFor(datasets, proseTexts = []) {
  return createMentionMatcher({
    datasets: datasets.map((dataset) => ({
      datasetId: dataset.id,
      names: [dataset.name, ...dataset.variants],
    })),
    commonWords: commonWordsFromTexts({
      texts: [...datasets.map((d) => d.description), ...proseTexts],
      minCount: 2,
    }),
  });
}

/** (A): one pseudo-query per research description that names one to three datasets. */
export function researchPseudoQueries({ datasets, researchTexts }) {
  const matcher = mentionMatcherFor(datasets, researchTexts);
  const queries = [];
  for (const [line, sentence] of researchTexts.entries()) {
    const mentions = matcher.find(sentence);
    if (mentions.length === 0) continue;
    const gold = new Set(mentions.map((mention) => mention.datasetId));
    if (gold.size > 3) continue;
    const query = removeMentions(sentence, mentions);
    if (query.split(' ').length < 5) continue;
    queries.push({ query, gold, line });
  }
  return queries;
}

/** (B): every other citance record gives one pseudo-query; returns those and the records kept. */
export function citancePseudoQueries({ datasets, citances, attach, proseTexts }) {
  const matcher = mentionMatcherFor(datasets, proseTexts);
  const queries = [];
  const kept = [];
  for (const [index, record] of citances.entries()) {
    if (index % 2 === 1) {
      kept.push(record);
      continue;
    }
    const attached = attach({ datasets, citances: [record] });
    const [datasetId] = attached.sentences.keys();
    const sentence = record.sentences[0];
    if (datasetId === undefined || sentence === undefined) continue;
    const query = removeMentions(sentence, matcher.find(sentence));
    if (query.split(' ').length < 5) continue;
    queries.push({ query, gold: new Set([datasetId]) });
  }
  return { queries, kept };
}
