/**
 * @module Hand-labelled citation samples (issue 37: does a dataset card's quoted sentence mention
 * that very dataset?): a seeded sample of at most one citation per dataset, the labels file
 * (`eval/citation-labels.jsonl`, one judged citation a line, located by paper id and sentence index
 * rather than quoted: the papers' text stays out of the repository), and precision per run with a
 * Wilson score interval (Wilson, "Probable inference, the law of succession, and statistical
 * inference", JASA 1927), which stays inside [0, 1] near precision 1 where the normal one does not.
 */
import { AppError, createSeededRandom } from '@quarry/core';
import { parseJsonLines } from '../recommender/text-lines.js';
import type { CitedSentence } from './cited-sentences.js';

export const citationLabelValues = ['right', 'wrong'] as const;
export type CitationLabelValue = (typeof citationLabelValues)[number];

/** One judged citation of one run (`before` or `after` a change, or any name). */
export interface CitationLabel {
  run: string;
  datasetId: string;
  paperId: string;
  sentenceIndex: number;
  label: CitationLabelValue;
  /** One line: why the sentence does or does not mention that dataset. */
  reason: string;
}

export interface RunPrecision {
  run: string;
  labelled: number;
  right: number;
  datasets: number;
  precision: number;
  /** The 95% Wilson score interval of the precision. */
  low: number;
  high: number;
}

/** The key of a citation: which sentence on which dataset's card. */
export function citationKey(
  citation: Pick<CitedSentence, 'datasetId' | 'paperId' | 'sentenceIndex'>,
): string {
  return `${citation.datasetId}\u0000${citation.paperId}\u0000${citation.sentenceIndex}`;
}

/**
 * At most one citation per dataset, `size` in all: datasets in a seeded order, and one of each
 * dataset's citations picked by the same random source, so the sample spreads over many datasets
 * and repeats exactly for the same citations and seed.
 */
export function sampleCitations(options: {
  citations: readonly CitedSentence[];
  size: number;
  seed: number;
}): CitedSentence[] {
  const byDataset = new Map<string, CitedSentence[]>();
  for (const citation of options.citations) {
    const list = byDataset.get(citation.datasetId) ?? [];
    list.push(citation);
    byDataset.set(citation.datasetId, list);
  }
  const random = createSeededRandom(options.seed);
  const order = random.shuffle([...byDataset.keys()].sort());
  const sample: CitedSentence[] = [];
  for (const datasetId of order) {
    if (sample.length >= options.size) break;
    const citations = byDataset.get(datasetId) ?? [];
    const picked = citations[random.nextInt(citations.length)];
    if (picked) sample.push(picked);
  }
  return sample;
}

const labelFix =
  'write one {"run", "datasetId", "paperId", "sentenceIndex", "label": "right" or "wrong", "reason"} per line';

function invalidLabel(where: string, message: string): AppError {
  return new AppError({ code: 'invalid_input', message, where, fix: labelFix });
}

function textField(record: Record<string, unknown>, field: string, where: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidLabel(where, `"${field}" must be a non-empty string`);
  }
  return value;
}

export function parseCitationLabels(text: string, file: string): CitationLabel[] {
  return parseJsonLines({ text, file, fix: labelFix }).map(({ value, where }) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidLabel(where, 'line is not a JSON object');
    }
    const record = value as Record<string, unknown>;
    const label = record['label'];
    if (label !== 'right' && label !== 'wrong') {
      throw invalidLabel(where, '"label" must be "right" or "wrong"');
    }
    const sentenceIndex = record['sentenceIndex'];
    if (
      typeof sentenceIndex !== 'number' ||
      !Number.isInteger(sentenceIndex) ||
      sentenceIndex < 0
    ) {
      throw invalidLabel(where, '"sentenceIndex" must be a whole number >= 0');
    }
    return {
      run: textField(record, 'run', where),
      datasetId: textField(record, 'datasetId', where),
      paperId: textField(record, 'paperId', where),
      sentenceIndex,
      label,
      reason: textField(record, 'reason', where),
    };
  });
}

/** 95% Wilson score interval of `right` successes in `total` trials. */
export function wilsonInterval(right: number, total: number): { low: number; high: number } {
  if (total === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const proportion = right / total;
  const denominator = 1 + (z * z) / total;
  const centre = proportion + (z * z) / (2 * total);
  const spread =
    z * Math.sqrt((proportion * (1 - proportion)) / total + (z * z) / (4 * total * total));
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

/** Precision of each run's labelled citations, in the order the runs first appear. */
export function citationPrecision(labels: readonly CitationLabel[]): RunPrecision[] {
  const runs = new Map<string, CitationLabel[]>();
  for (const label of labels) {
    const list = runs.get(label.run) ?? [];
    list.push(label);
    runs.set(label.run, list);
  }
  return [...runs].map(([run, judged]) => {
    const right = judged.filter((label) => label.label === 'right').length;
    return {
      run,
      labelled: judged.length,
      right,
      datasets: new Set(judged.map((label) => label.datasetId)).size,
      precision: judged.length === 0 ? 0 : right / judged.length,
      ...wilsonInterval(right, judged.length),
    };
  });
}
