/**
 * @module Citances: sentences from other papers that use a dataset (DataFinder section 5.4 adds
 * them to a dataset's text), read from the DataFinder `dataset_citances.jsonl` records
 * `{paper_id, candidate_dataset, dataset_variants, candidate_sections}` and attached to catalog
 * datasets by id, then by normalised name or variant.
 */
import { AppError } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import { normalizeName } from '@quarry/text';

export interface DatasetCitances {
  /** The dataset's name (or id) as the citing source wrote it. */
  datasetName: string;
  variants: readonly string[];
  /** The citing paper, when known. */
  paperId: string | null;
  sentences: readonly string[];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}

/** One JSON Lines record; an `invalid_input` AppError when it has no dataset name. */
export function citancesFromRecord(value: unknown, where: string): DatasetCitances {
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const name = record.candidate_dataset ?? record.dataset;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new AppError({
      code: 'invalid_input',
      message: 'a citance record needs a "candidate_dataset" string',
      where,
      fix: 'use the DataFinder dataset_citances.jsonl format',
    });
  }
  const paperId = record.paper_id;
  return {
    datasetName: name,
    variants: stringList(record.dataset_variants),
    paperId: typeof paperId === 'string' || typeof paperId === 'number' ? String(paperId) : null,
    sentences: stringList(record.candidate_sections ?? record.sentences),
  };
}

export interface AttachedCitances {
  /** Citing sentences per dataset id, deduplicated, in input order. */
  sentences: Map<string, string[]>;
  /** Distinct citing papers per dataset id (records without a paper id count one each). */
  papers: Map<string, number>;
  /** Records that matched no catalog dataset. */
  unmatched: number;
}

/**
 * Attaches citance records to catalog datasets: by exact id first, then by the normalised name
 * of the record against every dataset's normalised name and variants, then by the record's own
 * variants. A name shared by several datasets attaches to none (it cannot be told apart).
 */
export function attachCitances(options: {
  datasets: readonly Dataset[];
  citances: readonly DatasetCitances[];
}): AttachedCitances {
  const byId = new Map(options.datasets.map((dataset) => [dataset.id, dataset.id]));
  const byName = new Map<string, string | null>();
  for (const dataset of options.datasets) {
    for (const name of [dataset.id, dataset.name, ...dataset.variants]) {
      const key = normalizeName(name);
      if (key === '') continue;
      const existing = byName.get(key);
      byName.set(key, existing === undefined || existing === dataset.id ? dataset.id : null);
    }
  }
  const resolve = (record: DatasetCitances): string | null => {
    const exact = byId.get(record.datasetName);
    if (exact !== undefined) return exact;
    for (const name of [record.datasetName, ...record.variants]) {
      const found = byName.get(normalizeName(name));
      if (found !== undefined && found !== null) return found;
    }
    return null;
  };
  const sentences = new Map<string, string[]>();
  const paperSets = new Map<string, Set<string>>();
  let unmatched = 0;
  for (const [index, record] of options.citances.entries()) {
    const datasetId = resolve(record);
    if (datasetId === null) {
      unmatched += 1;
      continue;
    }
    const list = sentences.get(datasetId) ?? [];
    for (const sentence of record.sentences) if (!list.includes(sentence)) list.push(sentence);
    sentences.set(datasetId, list);
    const papers = paperSets.get(datasetId) ?? new Set<string>();
    papers.add(record.paperId ?? `record-${index}`);
    paperSets.set(datasetId, papers);
  }
  const papers = new Map([...paperSets].map(([datasetId, set]) => [datasetId, set.size]));
  return { sentences, papers, unmatched };
}
