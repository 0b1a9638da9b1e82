/**
 * @module The generator of the recommender's shipped term-ratio table (data/term-ratios.tsv):
 * need-vs-method statistics learned from the unlabeled DataFinder training queries (research
 * descriptions and keyphrase queries) and the dataset descriptions of the 2021 collection and the
 * 2022 Papers with Code scrape; no test query is read. `checkTermRatioFile` regenerates the table
 * and compares it with the file, line by line.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDatasetFile } from '@quarry/ingest';
import { formatTermRatioTable, learnTermRatios } from '@quarry/recommender';
import { readLines } from './text-lines.js';

/** The shared-data files the table is learned from. */
export const termRatioSourceFiles = {
  researchQueries: join('datafinder', 'train_queries_unlabeled.txt'),
  keyphraseQueries: join('datafinder', 'train_keyphrase_queries_unlabeled.txt'),
  collection: join('datafinder', 'dataset_collection.jsonl'),
  pwcDatasets: join('pwc', 'pwc_datasets_2022.csv'),
} as const;

export interface BuiltTermRatioTable {
  /** The file's whole text. */
  table: string;
  terms: number;
  descriptions: number;
}

/** Distinct descriptions of a catalog file, first record per dataset id. */
async function descriptions(path: string): Promise<string[]> {
  const texts = new Map<string, string>();
  for await (const result of parseDatasetFile(path)) {
    if (result.ok && !texts.has(result.value.id))
      texts.set(result.value.id, result.value.description);
  }
  return [...texts.values()];
}

export async function buildTermRatioTable(
  sharedDataDirectory: string,
): Promise<BuiltTermRatioTable> {
  const at = (file: string): string => join(sharedDataDirectory, file);
  const descriptionTexts = [
    ...(await descriptions(at(termRatioSourceFiles.collection))),
    ...(await descriptions(at(termRatioSourceFiles.pwcDatasets))),
  ];
  const ratios = learnTermRatios({
    researchTexts: readLines(at(termRatioSourceFiles.researchQueries)),
    keyphraseTexts: readLines(at(termRatioSourceFiles.keyphraseQueries)),
    descriptionTexts,
  });
  return {
    table: formatTermRatioTable(ratios),
    terms: ratios.length,
    descriptions: descriptionTexts.length,
  };
}

export type TermRatioCheck =
  | { matches: true; terms: number }
  | { matches: false; line: number; expected: string | undefined; found: string | undefined };

/** Regenerates the table and compares it with `file`; the first differing line when not equal. */
export async function checkTermRatioFile(options: {
  file: string;
  sharedDataDirectory: string;
}): Promise<TermRatioCheck> {
  const built = await buildTermRatioTable(options.sharedDataDirectory);
  const found = await readFile(options.file, 'utf8');
  if (found === built.table) return { matches: true, terms: built.terms };
  const expectedLines = built.table.split('\n');
  const foundLines = found.split('\n');
  const index = expectedLines.findIndex((line, position) => line !== foundLines[position]);
  const line = index < 0 ? expectedLines.length + 1 : index + 1;
  return { matches: false, line, expected: expectedLines[line - 1], found: foundLines[line - 1] };
}
