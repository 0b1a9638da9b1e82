/** @module Public surface of @quarry/recommender. */
export { baselineBm25Parameters, createBm25Baseline } from './bm25-baseline.js';
export type { BaselineRanking, Bm25Baseline } from './bm25-baseline.js';
export { attachCitances, citancesFromRecord } from './dataset-citances.js';
export type { AttachedCitances, DatasetCitances } from './dataset-citances.js';
export { datasetFacets, passesFilters, passesYear } from './dataset-filters.js';
export type { DatasetFacets, RecommendFilters } from './dataset-filters.js';
export { createDatasetRecommender } from './dataset-recommender.js';
export type {
  CreateDatasetRecommenderOptions,
  DatasetRecommendation,
  DatasetRecommender,
  RankedDataset,
  RecommendOptions,
} from './dataset-recommender.js';
export { datasetText, densePassage } from './dataset-text.js';
export { denseChannelWeights, parseDenseChannelList } from './dense-channels.js';
export type { DenseChannelSource } from './dense-channels.js';
export { fuseRelevance } from './relevance-fusion.js';
export type { ChannelFusion, WeightedScores } from './relevance-fusion.js';
export type { DatasetText } from './dataset-text.js';
export { readTermRatioFile, shippedTermRatioFile, shippedTermRatios } from './term-ratio-file.js';
export { explainRecommendation } from './explanation.js';
export type { RecommendationExplanation } from './explanation.js';
export {
  ambiguousMethodWords,
  commonWordsFromTexts,
  createMentionMatcher,
  datasetCueWords,
  removeMentions,
} from './mention-matcher.js';
export type {
  DatasetMention,
  MentionCandidate,
  MentionMatcher,
  MentionMatcherOptions,
} from './mention-matcher.js';
export {
  needCategories,
  needLabelCounts,
  needMatches,
  needWordsByToken,
  needWordsOf,
} from './need-lexicon.js';
export type { NeedCategory, NeedMatch, NeedWord } from './need-lexicon.js';
export { popularityPriors, usageEvidence } from './popularity-prior.js';
export type { UsageEvidence } from './popularity-prior.js';
export { bigramAnalyzer, createQueryTermWeigher } from './query-terms.js';
export type { QueryTermWeigher, QueryTerms, WeightedQueryTerm } from './query-terms.js';
export { defaultRecommenderSettings, resolveRecommenderSettings } from './recommender-settings.js';
export type {
  FieldWeights,
  PriorWeights,
  QueryTermWeighting,
  RecommenderSettings,
  RecommenderSettingsOverrides,
} from './recommender-settings.js';
export {
  formatTermRatioTable,
  learnTermRatios,
  parseTermRatioTable,
  termRatioTableHeader,
} from './term-ratios.js';
export type { LearnTermRatiosOptions, TermRatio } from './term-ratios.js';
export { usageExamplesFromTexts } from './usage-examples.js';
export type { UsageExampleOptions } from './usage-examples.js';
export { browseSorts } from './browse-order.js';
export type { BrowseSort } from './browse-order.js';
export { buildCatalogBrowser, createCatalogBrowser } from './catalog-browser.js';
export type {
  BrowseOptions,
  BrowseResult,
  CatalogBrowser,
  CatalogBrowsing,
} from './catalog-browser.js';
export { maxFacetValues } from './facet-counts.js';
export type { FacetCount } from './facet-counts.js';
export {
  createSpellingCorrector,
  defaultSpellingSettings,
  editDistance,
} from './spelling-correction.js';
export type {
  SpellingCorrection,
  SpellingCorrector,
  SpellingSettings,
} from './spelling-correction.js';
