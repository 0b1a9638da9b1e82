/**
 * @module Text pairs for fine-tuning a pretrained encoder on what a dataset request looks like
 * beside the dataset it needs (scripts/finetune-dataset-encoder.py reads them): a research
 * description that named a catalog dataset, names cut out, against that dataset's dense passage;
 * a citing sentence, names cut out, against the cited dataset's passage; a dataset's paper title
 * or one sentence of its description against the rest of its description. Never the DataFinder
 * dev queries, never the tenth of the citance datasets the encoder benchmarks hold out. The
 * citance records the recommender tuner scores come as `citance-held`, for validation only.
 */
import type { Dataset } from '@quarry/core';
import { splitSentences } from '@quarry/text';
import { attachCitances, datasetText, densePassage, removeMentions } from '@quarry/recommender';
import type { DatasetCitances } from '@quarry/recommender';
import { isHeldOutCitanceDataset } from '../corpora/dataset-citances.js';
import { mentionMatcherFor, researchPseudoQueries } from '../../recommender/pseudo-queries.js';

export const datasetPairSources = [
  'research',
  'citance',
  'title',
  'sentence',
  'citance-held',
] as const;
export type DatasetPairSource = (typeof datasetPairSources)[number];

export interface TextPair {
  query: string;
  passage: string;
  /** The dataset the passage describes: pairs of one dataset must not meet in one batch. */
  datasetId: string;
  source: DatasetPairSource;
}

/** Fewest words a query side keeps. */
const minQueryWords = 5;

function words(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

/** The passage the recommender's dense channel embeds for a dataset (no citances). */
export function datasetPassage(dataset: Dataset): string {
  return densePassage(datasetText({ dataset, citances: [] }));
}

export function datasetPairs(options: {
  datasets: readonly Dataset[];
  citances: readonly DatasetCitances[];
  researchTexts: readonly string[];
}): TextPair[] {
  const { datasets } = options;
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const passageOf = datasetPassage;
  const pairs: TextPair[] = [];

  for (const query of researchPseudoQueries({ datasets, researchTexts: options.researchTexts })) {
    for (const datasetId of query.gold) {
      const dataset = byId.get(datasetId);
      if (dataset)
        pairs.push({
          query: query.query,
          passage: passageOf(dataset),
          datasetId,
          source: 'research',
        });
    }
  }

  const matcher = mentionMatcherFor(datasets, options.researchTexts);
  for (const [index, record] of options.citances.entries()) {
    if (isHeldOutCitanceDataset(record.datasetName)) continue;
    // The even records are the recommender tuner's citance pseudo-queries (pseudo-queries.ts, B):
    // never trained on, they choose among fine-tuning runs and measure a dense weight after.
    const source = index % 2 === 0 ? 'citance-held' : 'citance';
    const attached = attachCitances({ datasets, citances: [record] });
    const [datasetId] = attached.sentences.keys();
    const dataset = datasetId === undefined ? undefined : byId.get(datasetId);
    if (dataset === undefined) continue;
    for (const sentence of record.sentences) {
      const query = removeMentions(sentence, matcher.find(sentence));
      if (words(query) >= minQueryWords)
        pairs.push({ query, passage: passageOf(dataset), datasetId: dataset.id, source });
    }
  }

  for (const dataset of datasets) {
    const sentences = splitSentences(dataset.description).map((span) => span.text.trim());
    if (dataset.paperTitle && words(dataset.paperTitle) >= 3 && dataset.description.trim() !== '') {
      pairs.push({
        query: dataset.paperTitle,
        passage: dataset.description,
        datasetId: dataset.id,
        source: 'title',
      });
    }
    if (sentences.length >= 3) {
      // The middle sentence: the first usually names the dataset, the last often cites its paper.
      const held = Math.floor(sentences.length / 2);
      const query = sentences[held] ?? '';
      if (words(query) >= minQueryWords) {
        const rest = sentences.filter((_, index) => index !== held).join(' ');
        pairs.push({ query, passage: rest, datasetId: dataset.id, source: 'sentence' });
      }
    }
  }
  return pairs;
}
