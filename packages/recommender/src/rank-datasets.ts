/**
 * @module Ranking datasets for one request over a built index (recommender-index.ts): eligibility
 * by year and constraint filters, weighted unigram and bigram BM25, the dense channels' cosines
 * (dense-channels.ts; their query embeddings run while BM25 scores), explicit mentions, then
 * relevance mixed with the popularity prior and the mention boost.
 */
import { AppError } from '@quarry/core';
import { denseChannelScores } from './dense-channels.js';
import { fuseRelevance } from './relevance-fusion.js';
import { passesFilters, passesYear } from './dataset-filters.js';
import type { RecommendOptions } from './dataset-recommender.js';
import { tokenize } from '@quarry/text';
import { needMatches } from './need-lexicon.js';
import type { WeightedQueryTerm } from './query-terms.js';
import type { RecommenderIndex } from './recommender-index.js';

export interface Ranking {
  /** Dataset numbers with their final scores, best first, at most `limit`. */
  scored: { number: number; score: number }[];
  unigrams: readonly WeightedQueryTerm[];
  mentioned: ReadonlySet<number>;
}

export async function rankDatasets(options: {
  request: RecommendOptions;
  context: RecommenderIndex;
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
  // The channels' query embeddings start first and run while BM25 scores on this thread.
  const denseLoading = denseChannelScores({
    channels: context.dense,
    query: request.query,
    eligible,
  });
  // Awaited below; a rejection before then must not count as unhandled.
  denseLoading.catch(() => undefined);
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
  const dense = await denseLoading;
  const mentioned = new Set<number>();
  for (const mention of context.matcher.find(request.query)) {
    const number = context.numberById.get(mention.datasetId);
    if (number !== undefined && eligible[number] === 1) mentioned.add(number);
  }
  const lexicalShare = 1 - dense.reduce((sum, channel) => sum + channel.weight, 0);
  const fused = fuseRelevance({
    channels: [{ weight: lexicalShare, scores: lexical }, ...dense],
    eligible,
    fusion: settings.channelFusion,
    rankConstant: settings.rankFusionConstant,
  });
  const scored: { number: number; score: number }[] = [];
  for (let number = 0; number < count; number++) {
    if (eligible[number] !== 1) continue;
    const isMentioned = mentioned.has(number);
    if (fused.matched[number] !== 1 && !isMentioned) continue;
    const relevance = fused.relevance[number] ?? 0;
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
  const ordered = settings.statedKindsFirst
    ? statedKindsFirst({ scored, query: request.query, entries })
    : scored;
  return { scored: ordered.slice(0, request.limit), unigrams: terms.unigrams, mentioned };
}

/** Speech is audio; "Images" and "Image" are one kind. */
function kindFamily(label: string): string {
  const kind = label.toLowerCase().replace(/s$/, '');
  return kind === 'speech' ? 'audio' : kind;
}

/**
 * The kinds of data the query's need phrases state ("hate speech" is text, "point cloud" 3-D)
 * put the datasets that declare kinds of data and none of those after the others; datasets
 * declaring none stay.
 */
function statedKindsFirst(options: {
  scored: { number: number; score: number }[];
  query: string;
  entries: RecommenderIndex['entries'];
}): { number: number; score: number }[] {
  // Only kinds a phrase states ("hate speech" is text) move datasets: a single word such as
  // "acoustic" in "acoustic sensing of glacier flow" is too weak to overrule relevance.
  const stated = new Set(
    needMatches(tokenize(options.query, { joinHyphenated: false }))
      .filter((match) => match.end - match.start > 1)
      .flatMap((match) => match.words)
      .filter((word) => word.category === 'modality')
      .map((word) => kindFamily(word.label)),
  );
  if (stated.size === 0) return options.scored;
  const contradicts = (number: number): boolean => {
    const declared = (options.entries[number]?.dataset.modalities ?? [])
      .map(kindFamily)
      .filter((kind) => kind !== 'medical');
    return declared.length > 0 && !declared.some((kind) => stated.has(kind));
  };
  const fitting = options.scored.filter(({ number }) => !contradicts(number));
  return [...fitting, ...options.scored.filter(({ number }) => contradicts(number))];
}
