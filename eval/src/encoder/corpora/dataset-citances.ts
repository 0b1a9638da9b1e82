/**
 * @module DataFinder dataset citances for the trainer: sentences from papers that mention a
 * dataset, with the dataset's name and name variants. Records are read by the recommender's
 * `citancesFromRecord` (the one reader of the format); this file adds the trainer's hold-out rule
 * and name masking.
 */
import { readFile } from 'node:fs/promises';
import { AppError } from '@quarry/core';
import { citancesFromRecord } from '@quarry/recommender';

export interface DatasetCitance {
  datasetName: string;
  nameVariants: string[];
  sentences: string[];
}

export async function readDatasetCitances(file: string): Promise<DatasetCitance[]> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  return lines.flatMap((line, index) => {
    if (line === '') return [];
    const where = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new AppError({ code: 'invalid_input', message: 'not JSON', where, cause: error });
    }
    const record = citancesFromRecord(value, where);
    return [
      {
        datasetName: record.datasetName,
        nameVariants: [...new Set([record.datasetName, ...record.variants])],
        sentences: [...record.sentences],
      },
    ];
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
