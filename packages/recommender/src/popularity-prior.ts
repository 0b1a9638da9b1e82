/**
 * @module Popularity prior: established datasets are what researchers are usually pointed to
 * (the DataFinder draft's Figure 2: a few datasets carry most uses). Log-scaled evidence of use
 * (papers citing it, research descriptions naming it, PwC's paper count, the number of name
 * variants PwC lists, which grows with the number of benchmarks built on it), scaled to [0, 1] over the catalog, and given a small
 * weight in the final score so it breaks ties between equally relevant datasets rather than
 * overriding relevance.
 */
import type { Dataset } from '@quarry/core';
import type { PriorWeights } from './recommender-settings.js';

/** Raw evidence of use for one dataset. */
export interface UsageEvidence {
  citingPapers: number;
  /** Research descriptions naming the dataset. */
  usageExamples: number;
  /** Distinct variants other than the name itself. */
  extraVariants: number;
  papers: number;
}

export function usageEvidence(options: {
  dataset: Dataset;
  citingPapers: number;
  usageExamples: number;
}): UsageEvidence {
  const { dataset } = options;
  const names = new Set([dataset.name, ...dataset.variants].map((name) => name.trim()));
  return {
    citingPapers: options.citingPapers,
    usageExamples: options.usageExamples,
    extraVariants: Math.max(names.size - 1, 0),
    papers: dataset.numPapers ?? 0,
  };
}

/** Priors in [0, 1], one per evidence record, in input order. */
export function popularityPriors(options: {
  evidence: readonly UsageEvidence[];
  weights: PriorWeights;
}): Float64Array {
  const { weights } = options;
  const raw = options.evidence.map(
    (evidence) =>
      weights.citances * Math.log1p(evidence.citingPapers) +
      weights.usage * Math.log1p(evidence.usageExamples) +
      weights.variants * Math.log1p(evidence.extraVariants) +
      weights.papers * Math.log1p(evidence.papers),
  );
  const top = raw.reduce((max, value) => Math.max(max, value), 0);
  return Float64Array.from(raw, (value) => (top > 0 ? value / top : 0));
}
