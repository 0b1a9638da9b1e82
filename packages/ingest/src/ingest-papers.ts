/**
 * @module Ingests papers (files or folders) into the store, one transaction per paper with its
 * sections and frames: a bad file is reported and skipped, an interrupted run can simply be re-run.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toAppError } from '@quarry/core';
import { analyzeTables, paperTables } from '@quarry/store';
import type { NewOriginalFile, Store } from '@quarry/store';
import type { IngestProgressListener } from './ingest-progress.js';
import { countOutcome, emptySummary, recordError } from './ingest-summary.js';
import type { IngestSummary } from './ingest-summary.js';
import { defaultMaxKeptPdfBytes, keptPdf } from './kept-original.js';
import { listPaperFiles, parsePaperFile } from './parse/index.js';

export interface IngestPapersOptions {
  store: Store;
  /** Files or folders (searched recursively for .json, .pdf and .txt). */
  paths: string[];
  onProgress?: IngestProgressListener;
  /** Called after each paper is stored (inserted, updated or unchanged). */
  onPaperStored?: (paper: { id: string; title: string }) => void;
  /** Longest time parsing one PDF may take, in milliseconds (default 60 s); then it is an error. */
  pdfTimeoutMs?: number;
  /**
   * A paper whose id is already stored: `replace` it (default, re-running an import), or `keep`
   * the stored one and report the new one as a conflict (uploads never replace a paper).
   */
  existing?: 'replace' | 'keep';
  /**
   * Largest PDF kept beside its paper for the reader, in bytes (default 50 MiB; 0 keeps none). A
   * paper from a larger PDF, or from any other file, is stored without an original.
   */
  maxKeptPdfBytes?: number;
  /**
   * Analyse the tables filled before returning (default true: a bulk load leaves the planner
   * blind). A server's single-paper upload passes false: ANALYZE of the whole frames table costs
   * more than the upload itself, and autovacuum keeps the statistics of a growing table.
   */
  analyzeAfter?: boolean;
}

/** The original file to keep with the papers of `file`: its bytes when it is a PDF in the limit. */
async function originalOf(file: string, maxBytes: number): Promise<NewOriginalFile | null> {
  if (extname(file).toLowerCase() !== '.pdf' || (await stat(file)).size > maxBytes) return null;
  return keptPdf(await readFile(file), maxBytes);
}

export async function ingestPapers(options: IngestPapersOptions): Promise<IngestSummary> {
  const summary = emptySummary('papers');
  const files = await listPaperFiles(options.paths);
  let done = 0;
  const maxKeptPdfBytes = options.maxKeptPdfBytes ?? defaultMaxKeptPdfBytes;
  for (const file of files) {
    // Read once per file, when its first paper is about to be stored.
    let original: Promise<NewOriginalFile | null> | null = null;
    try {
      for await (const result of parsePaperFile(
        file,
        options.pdfTimeoutMs === undefined ? {} : { pdfTimeoutMs: options.pdfTimeoutMs },
      )) {
        if (!result.ok) {
          recordError(summary, result.where, result.error.message);
          continue;
        }
        if (options.existing === 'keep' && (await options.store.papers.get(result.value.id))) {
          summary.conflicts.push(result.value.id);
          continue;
        }
        // A turn for the event loop between parsing and storing (a server ingests uploads).
        await nextTurn();
        try {
          original ??= originalOf(file, maxKeptPdfBytes);
          const stored = await options.store.papers.upsert(result.value, {
            sourcePath: file,
            original: await original,
          });
          countOutcome(summary, stored.outcome);
          options.onPaperStored?.({ id: result.value.id, title: result.value.title });
          summary.frames += stored.frames;
        } catch (error) {
          const failure = toAppError(error, {
            code: 'storage_failure',
            message: 'could not store paper',
          });
          recordError(summary, result.where, failure.message);
        }
      }
    } catch (error) {
      const failure = toAppError(error, {
        code: 'invalid_input',
        message: 'could not read paper file',
      });
      recordError(summary, file, failure.message);
    }
    done += 1;
    options.onProgress?.({
      done,
      total: files.length,
      current: file,
      errors: summary.errors.length,
    });
  }
  // A bulk load leaves the planner blind until the tables it filled are analysed.
  if (options.analyzeAfter !== false && summary.inserted + summary.updated > 0)
    await analyzeTables(options.store.client, paperTables);
  return summary;
}
