/**
 * @module The citations the product would show for every dataset of a catalog, over a folder of
 * papers: the papers are ingested into a throw-away database exactly as `quarry ingest papers`
 * does, the in-memory frame index is loaded as the server loads it, and each dataset's mentions
 * are looked up as its card's citations are (findDatasetMentions with the dataset's name and
 * variants, through the memory backend's sentencesMatching). The look-up reads words alone, so a
 * small hashing embedder stands in for the model: the vectors are never searched here.
 */
import type { Dataset } from '@quarry/core';
import { findDatasetMentions, loadFrameIndex, memoryAnswerSearch } from '@quarry/frames';
import { ingestPapers, parseDatasetFile } from '@quarry/ingest';
import { createHashingEmbedder } from '@quarry/testing';
import { withThrowawayStore } from '../frames/throwaway-store.js';

/** One sentence quoted on one dataset's card. */
export interface CitedSentence {
  datasetId: string;
  /** The name and variants the look-up was given, name first. */
  names: string[];
  paperId: string;
  sentenceIndex: number;
  sectionTitle: string;
  text: string;
}

export interface CiteCatalogOptions {
  /** Paper files or folders (PDF, SciREX or S2ORC JSON, text). */
  paperPaths: string[];
  /** A dataset catalog file (the shipped `data/catalog/datasets.jsonl.gz` or any parseDatasetFile reads). */
  catalogFile: string;
  /** Citations per dataset: the chat's dataset cards show 2 (agent citationsPerDataset). */
  citationsPerDataset: number;
  workDirectory?: string;
  onProgress?: (message: string) => void;
}

export interface CitedCatalog {
  papers: number;
  frames: number;
  datasets: number;
  citations: CitedSentence[];
}

export async function readCatalog(catalogFile: string): Promise<Dataset[]> {
  const datasets: Dataset[] = [];
  for await (const result of parseDatasetFile(catalogFile)) {
    if (result.ok) datasets.push(result.value);
  }
  return datasets;
}

export async function citeCatalog(options: CiteCatalogOptions): Promise<CitedCatalog> {
  const report = options.onProgress ?? (() => undefined);
  const datasets = await readCatalog(options.catalogFile);
  report(`${datasets.length} datasets in ${options.catalogFile}`);
  return withThrowawayStore(
    { prefix: 'quarry-citations-', workDirectory: options.workDirectory },
    async (store) => {
      const summary = await ingestPapers({ store, paths: options.paperPaths });
      report(`ingested ${summary.inserted} papers (${summary.errors.length} errors)`);
      const { index, stats } = await loadFrameIndex({
        store,
        embedder: createHashingEmbedder({ dimension: 16 }),
      });
      report(`frame index: ${stats.frames} frames`);
      const answers = memoryAnswerSearch(index, store);
      const citations: CitedSentence[] = [];
      for (const dataset of datasets) {
        const names = [dataset.name, ...dataset.variants];
        const mentions = await findDatasetMentions({
          index: answers,
          names,
          limit: options.citationsPerDataset,
        });
        for (const mention of mentions) {
          citations.push({
            datasetId: dataset.id,
            names,
            paperId: mention.paperId,
            sentenceIndex: mention.sentenceIndex,
            sectionTitle: index.frameAt(index.requireFrameRow(mention.frameId)).sectionTitle,
            text: mention.text,
          });
        }
      }
      return {
        papers: summary.inserted,
        frames: stats.frames,
        datasets: datasets.length,
        citations,
      };
    },
  );
}
