/**
 * @module Building the dataset recommender's in-memory index from a catalog: the mention matcher,
 * citances and usage examples attached to datasets, the unigram BM25F and bigram BM25 indexes,
 * each dataset's facets and popularity prior, the query-term weigher and the dense channels (each
 * an encoder with the passages' vectors, dense-channels.ts). Ranking over it is rank-datasets.ts. The build yields to the event loop
 * every few hundred datasets, so a server that rebuilds it while serving keeps answering.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '@quarry/core';
import type { Dataset, Embedder } from '@quarry/core';
import { analyze, createBm25Index } from '@quarry/text';
import type { Bm25Index } from '@quarry/text';
import { attachCitances } from './dataset-citances.js';
import type { DatasetCitances } from './dataset-citances.js';
import { datasetFacets } from './dataset-filters.js';
import type { DatasetFacets } from './dataset-filters.js';
import { datasetText, densePassage } from './dataset-text.js';
import { buildDenseChannels } from './dense-channels.js';
import type { DenseChannel, DenseChannelSource } from './dense-channels.js';
import { commonWordsFromTexts, createMentionMatcher } from './mention-matcher.js';
import type { MentionMatcher } from './mention-matcher.js';
import { popularityPriors, usageEvidence } from './popularity-prior.js';
import { bigramAnalyzer, createQueryTermWeigher } from './query-terms.js';
import type { QueryTermWeigher } from './query-terms.js';
import { resolveRecommenderSettings } from './recommender-settings.js';
import type { RecommenderSettings, RecommenderSettingsOverrides } from './recommender-settings.js';
import { shippedTermRatios } from './term-ratio-file.js';
import type { TermRatio } from './term-ratios.js';
import { usageExamplesFromTexts } from './usage-examples.js';

export interface CreateDatasetRecommenderOptions {
  datasets: readonly Dataset[];
  citances?: readonly DatasetCitances[];
  /**
   * Enables dense retrieval: dataset passages are embedded once, here. One encoder (a channel
   * named `dense`, weight `denseWeight`) ...
   */
  embedder?: Embedder;
  /** ... or several, each with its weight (`settings.denseWeights`); not with `embedder`. */
  denseChannels?: readonly DenseChannelSource[];
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

export interface IndexedDataset {
  dataset: Dataset;
  citances: string[];
  facets: DatasetFacets;
  prior: number;
}

/** Everything ranking needs, built once per catalog. */
export interface RecommenderIndex {
  settings: RecommenderSettings;
  entries: readonly IndexedDataset[];
  unigramIndex: Bm25Index<number>;
  bigramIndex: Bm25Index<number>;
  weigher: QueryTermWeigher;
  matcher: MentionMatcher;
  numberById: ReadonlyMap<string, number>;
  /** Empty for lexical-only ranking. */
  dense: readonly DenseChannel[];
}

/**
 * Datasets indexed between two yields to the event loop: a few tens of ms of work (about 0.1-0.2
 * ms a dataset), so a 6K-dataset catalog no longer stalls a serving process for over a second.
 */
const datasetsPerTurn = 256;

export async function buildRecommenderIndex(
  options: CreateDatasetRecommenderOptions,
): Promise<RecommenderIndex> {
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
    if (number > 0 && number % datasetsPerTurn === 0) await nextTurn();
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
  const dense = await buildDenseChannels({
    sources: denseSources(options),
    passages,
    settings,
  });
  return {
    settings,
    entries,
    unigramIndex,
    bigramIndex,
    weigher,
    matcher,
    numberById: new Map(datasets.map((dataset, number) => [dataset.id, number])),
    dense,
  };
}

/** The dense channels asked for: `denseChannels`, or `embedder` as one channel named `dense`. */
export function denseSources(options: CreateDatasetRecommenderOptions): DenseChannelSource[] {
  if (options.embedder !== undefined && options.denseChannels !== undefined) {
    throw new AppError({
      code: 'invalid_input',
      message: 'give the recommender an embedder or dense channels, not both',
    });
  }
  if (options.denseChannels !== undefined) return [...options.denseChannels];
  return options.embedder === undefined ? [] : [{ name: 'dense', embedder: options.embedder }];
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
