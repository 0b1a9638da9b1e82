/**
 * @module DataFinder dataset citances: sentences from papers that mention a dataset, with the
 * dataset's name and name variants.
 */
import { readFile } from 'node:fs/promises';

export interface DatasetCitance {
  datasetName: string;
  nameVariants: string[];
  sentences: string[];
}

interface RawCitanceRecord {
  candidate_dataset: string;
  dataset_variants?: string[];
  candidate_sections?: string[];
}

export async function readDatasetCitances(file: string): Promise<DatasetCitance[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  return lines.map((line) => {
    const record = JSON.parse(line) as RawCitanceRecord;
    return {
      datasetName: record.candidate_dataset,
      nameVariants: [...new Set([record.candidate_dataset, ...(record.dataset_variants ?? [])])],
      sentences: record.candidate_sections ?? [],
    };
  });
}

/**
 * One dataset in ten (by a fixed hash of its name) has its citances held out of training, to measure
 * citance-to-description retrieval on sentences the encoder never saw.
 */
export function isHeldOutCitanceDataset(datasetName: string): boolean {
  // FNV-1a over the lowercased alphanumerics of the name.
  let hash = 0x811c9dc5;
  for (const character of datasetName.toLowerCase().replace(/[^a-z0-9]+/g, '')) {
    hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash % 10 === 0;
}

/** Removes the dataset's names from a sentence (longest first, so "CIFAR-100" goes before "CIFAR"). */
export function maskDatasetNames(sentence: string, names: readonly string[]): string {
  let masked = sentence;
  for (const name of [...names].sort((left, right) => right.length - left.length)) {
    if (name.length < 2) continue;
    masked = masked.replace(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  return masked.replace(/\s+/g, ' ').trim();
}
