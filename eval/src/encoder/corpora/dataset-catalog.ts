/**
 * @module Dataset names and descriptions from the DataFinder search collection and the 2022
 * Papers-with-Code dump, cleaned of markdown and source lines and deduplicated by name: the
 * trainer's view of the catalog (names and descriptions only), read with ingest's CSV reader.
 */
import { readFile } from 'node:fs/promises';
import { AppError } from '@quarry/core';
import { readCsvRecords } from '@quarry/ingest';

export interface CatalogDataset {
  /** Names the dataset goes by: id, variants, PwC title. */
  names: string[];
  /** Title of the paper that introduced it, when known. */
  paperTitle: string | undefined;
  description: string;
  origin: 'datafinder-collection' | 'pwc-2022';
}

export interface ReadDatasetCatalogOptions {
  collectionFile: string;
  pwcCsvFile: string;
}

interface RawCollectionRecord {
  id: string;
  contents: string;
  variants?: string[];
  title?: string;
}

export async function readDatasetCatalog(
  options: ReadDatasetCatalogOptions,
): Promise<CatalogDataset[]> {
  const datasets: CatalogDataset[] = [];
  const seenNames = new Set<string>();
  const collectionLines = (await readFile(options.collectionFile, 'utf8'))
    .split('\n')
    .filter(Boolean);
  for (const line of collectionLines) {
    const record = JSON.parse(line) as RawCollectionRecord;
    const key = nameKey(record.id);
    if (seenNames.has(key)) continue;
    const description = cleanDescription(record.contents);
    if (description.length < 20) continue;
    const names = unique([record.id, ...(record.variants ?? [])]);
    names.forEach((name) => seenNames.add(nameKey(name)));
    datasets.push({
      names,
      paperTitle: record.title || undefined,
      description,
      origin: 'datafinder-collection',
    });
  }
  for await (const record of readCsvObjects(options.pwcCsvFile)) {
    const title = (record['title'] ?? '').trim();
    if (!title || seenNames.has(nameKey(title))) continue;
    const description = cleanDescription(record['description'] ?? '');
    if (description.length < 20) continue;
    seenNames.add(nameKey(title));
    const subtitle = (record['subtitle'] ?? '').trim();
    datasets.push({
      names: unique([title, ...(subtitle ? [subtitle] : [])]),
      paperTitle: undefined,
      description,
      origin: 'pwc-2022',
    });
  }
  return datasets;
}

/** Drops "Source: [..](..)" / "Image Source:" lines, markdown emphasis and link targets, bare URLs. */
export function cleanDescription(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !/^\s*(image\s+)?source\s*:/i.test(line))
    .join(' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[*_`#]{1,3}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Records of a CSV file keyed by its header row; a malformed record names the file and line. */
async function* readCsvObjects(file: string): AsyncGenerator<Record<string, string>> {
  let header: string[] | null = null;
  for await (const result of readCsvRecords(file)) {
    if (result.kind !== 'record') {
      throw new AppError({
        code: 'invalid_input',
        message: `malformed CSV record (${result.kind})`,
        where: `${file}:${result.lineNumber}`,
      });
    }
    if (header === null) header = result.fields;
    else yield Object.fromEntries(header.map((name, index) => [name, result.fields[index] ?? '']));
  }
}

export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}
