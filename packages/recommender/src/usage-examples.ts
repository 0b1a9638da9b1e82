/**
 * @module Usage examples: research descriptions that name a catalog dataset (found with the
 * mention matcher) say what the dataset is used for, in the words researchers use for their
 * needs. With the names cut out, they become extra text for the named datasets, like citances
 * (DataFinder section 5.4), learned from unlabeled text such as the DataFinder training queries.
 */
import type { DatasetCitances } from './dataset-citances.js';
import { removeMentions } from './mention-matcher.js';
import type { MentionMatcher } from './mention-matcher.js';

export interface UsageExampleOptions {
  texts: readonly string[];
  matcher: MentionMatcher;
  /** A text naming more datasets than this says little about each; skipped. */
  maxDatasetsPerText: number;
  /** Texts with fewer words left after cutting the names are skipped. */
  minWords: number;
}

/** One record per (text, named dataset), the text without the names, keyed by dataset id. */
export function usageExamplesFromTexts(options: UsageExampleOptions): DatasetCitances[] {
  const records: DatasetCitances[] = [];
  for (const [index, text] of options.texts.entries()) {
    const mentions = options.matcher.find(text);
    if (mentions.length === 0) continue;
    const datasetIds = new Set(mentions.map((mention) => mention.datasetId));
    if (datasetIds.size > options.maxDatasetsPerText) continue;
    const example = removeMentions(text, mentions);
    if (example.split(' ').length < options.minWords) continue;
    for (const datasetId of datasetIds) {
      records.push({
        datasetName: datasetId,
        variants: [],
        paperId: `usage-${index}`,
        sentences: [example],
      });
    }
  }
  return records;
}
