/**
 * @module A found dataset as a LangChain Document: `pageContent` is a readable summary (name,
 * year, description, tasks, modalities, languages, why it fits, a citing sentence) built only from
 * the record and the recommender's explanation; `metadata` carries the same fields as data.
 */
import { Document } from '@langchain/core/documents';
import type { DatasetCitation, FoundDataset } from './dataset-search.js';

export type DatasetDocumentMetadata = {
  datasetId: string;
  name: string;
  fullName: string | null;
  year: number | null;
  /** The recommender's score (higher is better; comparable within one query only). */
  score: number;
  /** 1 for the best. */
  rank: number;
  modalities: string[];
  tasks: string[];
  languages: string[];
  paperTitle: string | null;
  homepage: string | null;
  /** Why it fits, in one line (the recommender's explanation). */
  why: string;
  /** A sentence of an ingested paper naming the dataset, when a frame index was given. */
  citation?: DatasetCitation;
};

/** The readable summary of a found dataset: one fact per line, absent facts left out. */
export function datasetSummary(found: FoundDataset): string {
  const title = [
    found.name,
    found.fullName && found.fullName !== found.name ? ` (${found.fullName})` : '',
    found.year === null ? '' : `, ${found.year}`,
  ].join('');
  const lines = [title];
  if (found.description !== '') lines.push(found.description);
  if (found.tasks.length > 0) lines.push(`Tasks: ${found.tasks.join(', ')}`);
  if (found.modalities.length > 0) lines.push(`Modalities: ${found.modalities.join(', ')}`);
  if (found.languages.length > 0) lines.push(`Languages: ${found.languages.join(', ')}`);
  if (found.paperTitle !== null) lines.push(`Introduced in: ${found.paperTitle}`);
  lines.push(`Why it fits: ${found.why}`);
  if (found.citation !== null) {
    lines.push(`Cited in "${found.citation.paperTitle}": ${found.citation.text}`);
  }
  return lines.join('\n');
}

export function datasetDocument(found: FoundDataset): Document<DatasetDocumentMetadata> {
  const metadata: DatasetDocumentMetadata = {
    datasetId: found.datasetId,
    name: found.name,
    fullName: found.fullName,
    year: found.year,
    score: found.score,
    rank: found.rank,
    modalities: found.modalities,
    tasks: found.tasks,
    languages: found.languages,
    paperTitle: found.paperTitle,
    homepage: found.homepage,
    why: found.why,
    ...(found.citation === null ? {} : { citation: found.citation }),
  };
  return new Document({ id: found.datasetId, pageContent: datasetSummary(found), metadata });
}
